DROP INDEX "orders_tool_idx";--> statement-breakpoint
DROP INDEX "orders_invoice_number_idx";--> statement-breakpoint
DROP INDEX "orders_transaction_id_idx";--> statement-breakpoint
DROP INDEX "orders_payment_intent_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id") WHERE "orders"."transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("payment_intent_id") WHERE "orders"."payment_intent_id" is not null;--> statement-breakpoint
-- The writing half of placing an order (server/modules/orders/placement.repo.ts): the stock of
-- every line, the order, its lines and its email, from what the rules decided (the order's and the
-- lines' rows, every column, as JSON; the email as text, read once, never parsed). A function, so
-- that its statements are planned once per connection and it goes to the database in one simple
-- query with the COMMIT: two round trips per order in all, with toolyard_order_context's. Any
-- shortfall raises, and the transaction is then rolled back, COMMIT unread.
CREATE FUNCTION toolyard_place_order(
  p_order json, p_lines json, p_mail_kind text, p_mail_to text, p_subject text, p_text text,
  p_html text
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_lines order_lines[] := ARRAY(SELECT json_populate_recordset(null::order_lines, p_lines));
  v_done int;
BEGIN
  UPDATE tools SET quantity = tools.quantity - l.quantity, updated_at = now()
    FROM unnest(v_lines) AS l
    WHERE tools.id = l.tool_id;
  GET DIAGNOSTICS v_done = ROW_COUNT;
  IF v_done <> cardinality(v_lines) THEN
    RAISE EXCEPTION 'placing an order took the stock of % tools for % lines', v_done,
      cardinality(v_lines);
  END IF;
  INSERT INTO orders SELECT * FROM json_populate_record(null::orders, p_order);
  INSERT INTO order_lines SELECT * FROM unnest(v_lines);
  INSERT INTO mail_outbox (kind, "to", subject, text, html)
    VALUES (p_mail_kind, p_mail_to, p_subject, p_text, p_html);
END
$$;
--> statement-breakpoint
-- Every order updates its tools' stock. A trigger's WHEN condition is read anew for each statement
-- that may fire it, and 0012's compared nine columns: on stock taken by an order (which the app
-- announces, 0005) that reading was most of the trigger's cost, for a trigger that never fires.
-- Now each trigger names the columns it watches, so an update of the stock alone reads only the
-- short condition of stock coming back.
DROP TRIGGER tools_catalogue_updated ON tools;
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated
  AFTER UPDATE OF id, name, img, description, minimum_order, price, price_tiers, deleted_at,
    created_at ON tools
  FOR EACH ROW
  WHEN (
    (NEW.id, NEW.name, NEW.img, NEW.description, NEW.minimum_order, NEW.price, NEW.price_tiers, NEW.deleted_at, NEW.created_at)
      IS DISTINCT FROM
    (OLD.id, OLD.name, OLD.img, OLD.description, OLD.minimum_order, OLD.price, OLD.price_tiers, OLD.deleted_at, OLD.created_at)
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER tools_stock_returned AFTER UPDATE OF quantity ON tools
  FOR EACH ROW WHEN (NEW.quantity >= OLD.quantity)
  EXECUTE FUNCTION toolyard_catalogue_changed();
