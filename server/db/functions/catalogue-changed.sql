-- Tells every instance that the catalogue changed, on the channel toolyard_catalogue: ":stock" when
-- only a tool's stock changed, ":all" for anything else. The triggers on `tools` that call it
-- (migrations 0005, 0020, 0021) name the columns they watch; a column the catalogue shows must be in
-- both lists, here and there. Stock taken by an order is announced by the app, after it commits
-- (server/modules/orders/orders.service.ts), not from here.
CREATE OR REPLACE FUNCTION toolyard_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND
     (NEW.id, NEW.name, NEW.img, NEW.description, NEW.minimum_order, NEW.price, NEW.price_tiers, NEW.deleted_at, NEW.created_at)
     IS NOT DISTINCT FROM
     (OLD.id, OLD.name, OLD.img, OLD.description, OLD.minimum_order, OLD.price, OLD.price_tiers, OLD.deleted_at, OLD.created_at)
  THEN
    PERFORM pg_notify('toolyard_catalogue', ':stock');
  ELSE
    PERFORM pg_notify('toolyard_catalogue', ':all');
  END IF;
  RETURN NULL;
END
$$;
