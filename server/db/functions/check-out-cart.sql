-- The cart's part of the writing round trip of a checkout, after toolyard_place_order in the same
-- simple query and before its COMMIT: the version checked out becomes the order's, and the cart is
-- emptied under a new version. Under the cart's lock since the opening round trip, it cannot have
-- changed; if it had, this raises and nothing is written.
CREATE OR REPLACE FUNCTION toolyard_check_out_cart(p_user text, p_version integer, p_order uuid)
RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO cart_checkouts (user_id, cart_version, order_id) VALUES (p_user, p_version, p_order);
  UPDATE carts SET lines = '[]', version = version + 1, updated_at = now()
    WHERE user_id = p_user AND version = p_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the cart of % was not at version % when checked out', p_user, p_version;
  END IF;
END
$$;
