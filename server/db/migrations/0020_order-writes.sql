DROP INDEX "orders_tool_idx";--> statement-breakpoint
DROP INDEX "orders_invoice_number_idx";--> statement-breakpoint
DROP INDEX "orders_transaction_id_idx";--> statement-breakpoint
DROP INDEX "orders_payment_intent_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id") WHERE "orders"."transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("payment_intent_id") WHERE "orders"."payment_intent_id" is not null;--> statement-breakpoint
-- The writing half of placing an order (server/modules/orders/placement.repo.ts): the stock of
-- every line, the order, its lines and its email, from what the rules decided (`p`: the order's
-- and the lines' rows, every column, and the email). A function, so that its statements are
-- planned once per connection and it goes to the database in one simple query with the COMMIT:
-- two round trips per order in all, with toolyard_order_context's. Any shortfall raises, and the
-- transaction is then rolled back, COMMIT unread.
CREATE FUNCTION toolyard_place_order(p json) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_lines int := json_array_length(p->'lines');
  v_done int;
BEGIN
  UPDATE tools SET quantity = tools.quantity - l.quantity, updated_at = now()
    FROM json_populate_recordset(null::order_lines, p->'lines') AS l
    WHERE tools.id = l.tool_id;
  GET DIAGNOSTICS v_done = ROW_COUNT;
  IF v_done <> v_lines THEN
    RAISE EXCEPTION 'placing an order took the stock of % tools for % lines', v_done, v_lines;
  END IF;
  INSERT INTO orders SELECT * FROM json_populate_record(null::orders, p->'order');
  INSERT INTO order_lines SELECT * FROM json_populate_recordset(null::order_lines, p->'lines');
  GET DIAGNOSTICS v_done = ROW_COUNT;
  IF v_done <> v_lines THEN
    RAISE EXCEPTION 'placing an order wrote % lines of %', v_done, v_lines;
  END IF;
  INSERT INTO mail_outbox (kind, "to", subject, text, html)
    SELECT m.kind, m."to", m.subject, m.text, m.html
    FROM json_populate_record(null::mail_outbox, p->'mail') AS m;
END
$$;
