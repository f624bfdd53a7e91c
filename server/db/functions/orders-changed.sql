-- Every instance keeps a customer's own answers (their order list) in memory
-- (server/cache/customer-cache.ts) and drops them when told on the channel toolyard_orders, payload
-- "<sender>:user=<id>" (or ":all"). The triggers of migration 0019 on orders, order_lines and
-- order_refunds call this from inside the changing transaction, whatever makes the change (a
-- payment, a cancel, a shipment, a refund, the payment window's job, a fix made by hand in SQL).
-- One exception: a new order. A NOTIFY makes the commits of all transactions that send one wait for
-- each other, which would cap orders per second at a fraction of what the database can do, so the
-- instance that placed it announces it after it commits.
CREATE OR REPLACE FUNCTION toolyard_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('toolyard_orders', ':all');
  ELSIF TG_TABLE_NAME = 'order_refunds' THEN
    PERFORM pg_notify('toolyard_orders', ':user=' || o.user_id)
      FROM orders o
      WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
    IF TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id THEN
      PERFORM pg_notify('toolyard_orders', ':user=' || o.user_id) FROM orders o WHERE o.id = OLD.order_id;
    END IF;
  ELSE
    -- orders and order_lines carry their customer.
    PERFORM pg_notify('toolyard_orders', ':user=' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('toolyard_orders', ':user=' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
