-- The default needs its function (server/db/functions/next-sku.sql, applied after the migrations):
-- created here in the same text, from then on only the file changes (docs/decisions/038).
CREATE OR REPLACE FUNCTION toolyard_next_sku() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'TOOL-' || lpad(n::text, greatest(5, length(n::text)), '0')
  FROM (SELECT nextval('tool_sku_seq') AS n) AS next
$$;
--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET DEFAULT toolyard_next_sku();
