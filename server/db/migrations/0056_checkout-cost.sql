-- What an order costs PostgreSQL (bench/README.md, "The order transaction made cheaper"; decision
-- 070). The count of a customer's unpaid orders, read at every placement, comes from an index of
-- only those orders, without visiting the orders; the index on an order's first tool among the
-- unpaid ones (migration 0007) served a check that now reads the lines, and no query used it.
DROP INDEX "orders_user_unpaid_idx";--> statement-breakpoint
CREATE INDEX "orders_user_holding_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('unpaid', 'awaiting_approval');--> statement-breakpoint
-- A tool's stock is updated by every order: room on each page for the new row version keeps those
-- updates HOT (no index entries; no index has the stock or the time of the change), old versions
-- pruned in place. Tools written from now on are packed to 70 %.
ALTER TABLE "tools" SET (fillfactor = 70);--> statement-breakpoint
-- An order's own stock update (toolyard_place_order marks that one statement) is not compared as a
-- whole row: it sets the stock and the time and nothing else, and turning two tool rows into JSON
-- was half of the update's cost. Every other update is compared as before (migration 0027).
DROP TRIGGER tools_catalogue_updated ON tools;--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated AFTER UPDATE ON tools
  FOR EACH ROW
  WHEN (
    NEW.quantity >= OLD.quantity
    OR (
      current_setting('toolyard.order_takes_stock', true) IS DISTINCT FROM 'on'
      AND to_jsonb(NEW) - 'quantity' - 'updated_at' <> to_jsonb(OLD) - 'quantity' - 'updated_at'
    )
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
