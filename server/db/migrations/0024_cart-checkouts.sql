-- Checking out a signed-in customer's cart (server/modules/orders/cart-checkout.ts) places the order
-- from the cart as stored and empties it in the order's own transaction. A cart has a version,
-- raised by every change; a checkout names the version its page read and is refused for any other,
-- and each version checked out records its order, so a page that read it (another tab, a second
-- press) is told which order it became. Carts stored before now are version 1 (a cart never stored
-- reads as version 0).
CREATE TABLE "cart_checkouts" (
	"user_id" text NOT NULL,
	"cart_version" integer NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "cart_checkouts_user_id_cart_version_pk" PRIMARY KEY("user_id","cart_version")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_checkouts_order_idx" ON "cart_checkouts" USING btree ("order_id");--> statement-breakpoint
-- What a cart's checkout is judged on, in the opening round trip as toolyard_order_context (0018)
-- is for an order of lines sent in the request. The customer's lock comes first, as for every
-- placement, so checkouts of one customer queue; then an order already placed with this
-- Idempotency-Key (with the cart version it consumed, if it was a checkout); then the cart, locked,
-- and a refusal when it is not the version the page read (saying which order consumed that version,
-- if one did) or holds nothing; otherwise toolyard_order_context over the cart's own tools, with the
-- cart's lines beside it. Each statement reads a fresh snapshot (READ COMMITTED, VOLATILE): a
-- checkout that waited for the customer's lock sees the cart as the one before it left it.
CREATE FUNCTION toolyard_cart_order_context(p_user text, p_key text, p_version integer)
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
--> statement-breakpoint
-- The cart's part of the writing round trip, after toolyard_place_order (0021) in the same simple
-- query and before its COMMIT: the version checked out becomes the order's, and the cart is
-- emptied under a new version. Under the cart's lock since the opening round trip, it cannot have
-- changed; if it had, this raises and nothing is written.
CREATE FUNCTION toolyard_check_out_cart(p_user text, p_version integer, p_order uuid)
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
