-- Tells every instance that the catalogue changed, on the channel toolyard_catalogue: ":stock" when
-- only a tool's stock changed, ":all" for anything else. Every column but the stock (and the time
-- of the change) counts, compared as a whole row, so a column added to `tools` is announced without
-- a change here. The trigger tools_catalogue_updated (migration 0056) compares the same way before
-- it calls this; tools_stock_changed (0021) calls it for stock taken outside an order. Stock taken
-- by an order is announced by the app, after it commits (server/modules/orders/order-events.ts).
CREATE OR REPLACE FUNCTION toolyard_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND
     to_jsonb(NEW) - 'quantity' - 'updated_at' = to_jsonb(OLD) - 'quantity' - 'updated_at'
  THEN
    PERFORM pg_notify('toolyard_catalogue', ':stock');
  ELSE
    PERFORM pg_notify('toolyard_catalogue', ':all');
  END IF;
  RETURN NULL;
END
$$;
