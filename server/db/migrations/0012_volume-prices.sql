-- Volume prices on tools: [{minQuantity, price}], quantities rising, prices falling (validated by
-- the contract); an empty list, the default, means the unit price for any quantity.
ALTER TABLE "tools" ADD COLUMN "price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_price_tiers_check" CHECK (jsonb_typeof("tools"."price_tiers") = 'array');--> statement-breakpoint
-- A change to the price breaks is a change to the catalogue (0005's triggers name every column).
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
--> statement-breakpoint
DROP TRIGGER tools_catalogue_updated ON tools;
--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated AFTER UPDATE ON tools
  FOR EACH ROW
  WHEN (
    NEW.quantity >= OLD.quantity
    OR (NEW.id, NEW.name, NEW.img, NEW.description, NEW.minimum_order, NEW.price, NEW.price_tiers, NEW.deleted_at, NEW.created_at)
      IS DISTINCT FROM
       (OLD.id, OLD.name, OLD.img, OLD.description, OLD.minimum_order, OLD.price, OLD.price_tiers, OLD.deleted_at, OLD.created_at)
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
