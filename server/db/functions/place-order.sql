-- The writing half of placing an order: the second round trip of a placement
-- (server/modules/orders/placement.repo.ts). It takes the stock of every line, writes the order,
-- its lines and its email, from what the rules decided (the order's and the lines' rows, every
-- column, as JSON, so a column added to `orders` or `order_lines` needs no change here; the email
-- as text, read once, never parsed). A function, so that its statements are planned once per
-- connection and it goes to the database in one simple query with the COMMIT: two round trips per
-- order in all, with toolyard_order_context's. Any shortfall raises, and the transaction is then
-- rolled back, COMMIT unread.
--
-- The placement marks its stock update (toolyard.order_takes_stock, on for that one statement: a
-- trigger's WHEN is read as each row is updated): the trigger tools_stock_changed (migration 0021)
-- then lets it pass unannounced, and the instance that placed the order announces it, coalesced,
-- after the commit. A NOTIFY makes the commits of all transactions that send one wait for each
-- other, which would cap orders per second. tools_catalogue_updated (migration 0056) skips its
-- whole-row comparison for it: the statement sets the stock and the time, nothing else.
--
-- An order confirmed on account (status on_account, decision 056) is invoiced as it is written: it
-- takes the next invoice number here, in the order's own transaction, so a refused or rolled-back
-- order gives its number back and invoice numbers stay gap-free.
CREATE OR REPLACE FUNCTION toolyard_place_order(
  p_order json, p_lines json, p_mail_kind text, p_mail_to text, p_subject text, p_text text,
  p_html text
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_lines order_lines[] := ARRAY(SELECT json_populate_recordset(null::order_lines, p_lines));
  v_done int;
  v_order jsonb := p_order::jsonb;
  v_invoice bigint;
BEGIN
  PERFORM set_config('toolyard.order_takes_stock', 'on', true);
  UPDATE tools SET quantity = tools.quantity - l.quantity, updated_at = now()
    FROM unnest(v_lines) AS l
    WHERE tools.id = l.tool_id;
  GET DIAGNOSTICS v_done = ROW_COUNT;
  PERFORM set_config('toolyard.order_takes_stock', 'off', true);
  IF v_done <> cardinality(v_lines) THEN
    RAISE EXCEPTION 'placing an order took the stock of % tools for % lines', v_done,
      cardinality(v_lines);
  END IF;
  IF v_order ->> 'status' = 'on_account' THEN
    UPDATE invoice_numbers SET last = last + 1 RETURNING last INTO v_invoice;
    v_order := v_order || jsonb_build_object('invoice_number', v_invoice, 'invoiced_at', now());
  END IF;
  INSERT INTO orders SELECT * FROM jsonb_populate_record(null::orders, v_order);
  INSERT INTO order_lines SELECT * FROM unnest(v_lines);
  INSERT INTO mail_outbox (kind, "to", subject, text, html)
    VALUES (p_mail_kind, p_mail_to, p_subject, p_text, p_html);
END
$$;
