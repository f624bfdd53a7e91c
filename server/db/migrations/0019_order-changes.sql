-- Every instance keeps a customer's own answers (their order list) in memory
-- (server/http/customer-cache.ts) and drops them when told on the channel toolyard_orders, payload
-- "<sender>:user=<id>" (or ":all"). These triggers tell it from inside the changing transaction,
-- whatever makes the change (a payment, a cancel, a shipment, a refund, the payment window's job,
-- a fix made by hand in SQL). One exception: a new order. A NOTIFY makes the commits of all
-- transactions that send one wait for each other, which would cap orders per second at a fraction
-- of what the database can do, so the instance that placed it announces it after it commits.
CREATE FUNCTION toolyard_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER orders_changed AFTER UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
-- A line's unpaid mark follows its order's status (migration 0018): the order's own change says it.
CREATE TRIGGER order_lines_changed AFTER UPDATE ON order_lines
  FOR EACH ROW
  WHEN (
    (NEW.order_id, NEW.position, NEW.tool_id, NEW.product_name, NEW.quantity, NEW.unit_price,
      NEW.line_total, NEW.user_id)
    IS DISTINCT FROM
    (OLD.order_id, OLD.position, OLD.tool_id, OLD.product_name, OLD.quantity, OLD.unit_price,
      OLD.line_total, OLD.user_id)
  )
  EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_lines_removed AFTER DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_refunds_changed AFTER INSERT OR UPDATE OR DELETE ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_lines_truncated AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER order_refunds_truncated AFTER TRUNCATE ON order_refunds
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_orders_changed();
