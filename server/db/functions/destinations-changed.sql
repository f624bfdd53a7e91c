-- Tells every instance that the delivery methods or the tax rates changed, on the channel
-- toolyard_destinations: each instance keeps both in memory for the orders it places
-- (server/cache/destination-cache.ts). The triggers delivery_methods_destinations_changed,
-- tax_rates_destinations_changed and their _truncated twins (migration 0057) call it once per
-- statement: an instance forgets both whatever changed.
CREATE OR REPLACE FUNCTION toolyard_destinations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_destinations', ':all');
  RETURN NULL;
END
$$;
