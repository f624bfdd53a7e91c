-- The part number of a tool added without one (the default of tools.sku, migration 0037): TOOL-
-- and the next number of tool_sku_seq, at least five digits (TOOL-00042) and never cut short
-- (TOOL-123456), so that no two are alike however many tools are added.
CREATE OR REPLACE FUNCTION toolyard_next_sku() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'TOOL-' || lpad(n::text, greatest(5, length(n::text)), '0')
  FROM (SELECT nextval('tool_sku_seq') AS n) AS next
$$;
