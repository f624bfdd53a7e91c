-- Every instance caches catalogue answers and drops them when told the catalogue changed, on the
-- channel toolyard_catalogue (server/http/catalogue-cache.ts), payload "<sender>:<kind>". The app
-- announces its own changes right after they commit; these triggers announce everything else (the
-- payment window returning stock, the admin CLI, a fix made by hand in SQL), from inside the
-- changing transaction, with no sender. Kind "stock": only stock levels moved.
-- One exception: stock taken by an order. A NOTIFY makes the commits of all transactions that send
-- one wait for each other, which would cap orders per second at a fraction of what the database
-- can do, so the app announces those itself, coalesced, after the order commits.
CREATE FUNCTION toolyard_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND
     (NEW.id, NEW.name, NEW.img, NEW.description, NEW.minimum_order, NEW.price, NEW.deleted_at, NEW.created_at)
     IS NOT DISTINCT FROM
     (OLD.id, OLD.name, OLD.img, OLD.description, OLD.minimum_order, OLD.price, OLD.deleted_at, OLD.created_at)
  THEN
    PERFORM pg_notify('toolyard_catalogue', ':stock');
  ELSE
    PERFORM pg_notify('toolyard_catalogue', ':all');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_added_or_removed AFTER INSERT OR DELETE ON tools
  FOR EACH ROW EXECUTE FUNCTION toolyard_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated AFTER UPDATE ON tools
  FOR EACH ROW
  WHEN (
    NEW.quantity >= OLD.quantity
    OR (NEW.id, NEW.name, NEW.img, NEW.description, NEW.minimum_order, NEW.price, NEW.deleted_at, NEW.created_at)
      IS DISTINCT FROM
       (OLD.id, OLD.name, OLD.img, OLD.description, OLD.minimum_order, OLD.price, OLD.deleted_at, OLD.created_at)
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_truncated AFTER TRUNCATE ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_catalogue_changed();
