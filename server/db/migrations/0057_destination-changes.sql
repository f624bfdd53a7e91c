-- Every instance keeps the delivery methods and the tax rates in memory for the orders it places
-- (server/cache/destination-cache.ts, decision 075): a change to either is announced on the channel
-- toolyard_destinations by a function of its own (server/db/functions/destinations-changed.sql,
-- created here in the same text, since a trigger needs its function to exist).
CREATE OR REPLACE FUNCTION toolyard_destinations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_destinations', ':all');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER delivery_methods_destinations_changed AFTER INSERT OR UPDATE OR DELETE ON delivery_methods
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_destinations_changed();--> statement-breakpoint
CREATE TRIGGER delivery_methods_destinations_truncated AFTER TRUNCATE ON delivery_methods
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_destinations_changed();--> statement-breakpoint
CREATE TRIGGER tax_rates_destinations_changed AFTER INSERT OR UPDATE OR DELETE ON tax_rates
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_destinations_changed();--> statement-breakpoint
CREATE TRIGGER tax_rates_destinations_truncated AFTER TRUNCATE ON tax_rates
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_destinations_changed();
