-- What a cart's checkout is judged on (server/modules/orders/cart-checkout.ts), in the opening
-- round trip as toolyard_order_context is for an order of lines sent in the request. The
-- customer's lock comes first, as for every placement, so checkouts of one customer queue; then an
-- order already placed with this Idempotency-Key (with the cart version it consumed, if it was a
-- checkout); then the cart, locked, and a refusal when it is not the version the page read (saying
-- which order consumed that version, if one did) or holds nothing; otherwise toolyard_order_context
-- over the cart's own tools, with the cart's lines beside it. Each statement reads a fresh snapshot
-- (READ COMMITTED, VOLATILE): a checkout that waited for the customer's lock sees the cart as the
-- one before it left it.
CREATE OR REPLACE FUNCTION toolyard_cart_order_context(p_user text, p_key text, p_version integer)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_earlier uuid;
  v_lines jsonb;
  v_version integer;
BEGIN
  PERFORM 1 FROM "user" WHERE id = p_user FOR NO KEY UPDATE;
  IF p_key IS NOT NULL THEN
    SELECT id INTO v_earlier FROM orders WHERE user_id = p_user AND idempotency_key = p_key;
    IF v_earlier IS NOT NULL THEN
      RETURN json_build_object(
        'earlierId', v_earlier,
        'earlierCartVersion',
          (SELECT cart_version FROM cart_checkouts WHERE order_id = v_earlier));
    END IF;
  END IF;
  SELECT lines, version INTO v_lines, v_version FROM carts WHERE user_id = p_user FOR UPDATE;
  IF coalesce(v_version, 0) <> p_version OR coalesce(jsonb_array_length(v_lines), 0) = 0 THEN
    RETURN json_build_object(
      'refused', json_build_object(
        'version', coalesce(v_version, 0),
        'checkedOutBy', (
          SELECT json_build_object('id', o.id, 'number', o.number)
          FROM cart_checkouts c JOIN orders o ON o.id = c.order_id
          WHERE c.user_id = p_user AND c.cart_version = p_version)));
  END IF;
  RETURN (
    toolyard_order_context(
      p_user, NULL,
      ARRAY(SELECT (l ->> 'toolId')::uuid FROM jsonb_array_elements(v_lines) AS l))::jsonb
    || jsonb_build_object('cartLines', v_lines))::json;
END
$$;
