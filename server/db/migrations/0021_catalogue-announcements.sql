-- Each change to the catalogue is announced once, by the database: these triggers tell every
-- instance of every change to tools (0005, 0012, 0020), now stock taken outside an order too (an
-- admin lowering it, a fix made by hand). One change is still the app's: stock taken by an order.
-- A NOTIFY makes the commits of all transactions that send one wait for each other, which would cap
-- orders per second, so the instance that placed the order announces it, coalesced, after it
-- commits (server/app.ts). An order's placement marks its transaction, and the trigger lets that
-- transaction's stock updates pass.
CREATE OR REPLACE FUNCTION toolyard_place_order(
  p_order json, p_lines json, p_mail_kind text, p_mail_to text, p_subject text, p_text text,
  p_html text
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_lines order_lines[] := ARRAY(SELECT json_populate_recordset(null::order_lines, p_lines));
  v_done int;
BEGIN
  PERFORM set_config('toolyard.order_takes_stock', 'on', true);
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
DROP TRIGGER tools_stock_returned ON tools;
--> statement-breakpoint
CREATE TRIGGER tools_stock_changed AFTER UPDATE OF quantity ON tools
  FOR EACH ROW WHEN (
    NEW.quantity >= OLD.quantity
    OR current_setting('toolyard.order_takes_stock', true) IS DISTINCT FROM 'on'
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
