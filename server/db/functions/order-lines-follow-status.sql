-- Each order line carries whether its order holds stock unpaid (unpaid, or awaiting a company's
-- approval), under a partial index, so that placing an order sums only the held lines it needs.
-- The order's status stays the one truth: the trigger orders_status_to_lines (migration 0018)
-- calls this on every change of it, whatever makes it (a payment, a cancel, an approval, the
-- payment window's job, SQL by hand).
CREATE OR REPLACE FUNCTION toolyard_order_lines_follow_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET is_unpaid = (NEW.status IN ('unpaid', 'awaiting_approval'))
    WHERE order_id = NEW.id
      AND is_unpaid IS DISTINCT FROM (NEW.status IN ('unpaid', 'awaiting_approval'));
  RETURN NULL;
END
$$;
