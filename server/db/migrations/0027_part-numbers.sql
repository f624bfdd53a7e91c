-- Part numbers (docs/decisions/034): every tool has a SKU, unique among listed tools whatever the
-- letter case, and a brand; the maker's part number (MPN) and the barcode (GTIN) are optional.
-- Tools already in the catalogue are numbered TOOL-00001, TOOL-00002, ... oldest first, and carry
-- the store's own brand; a tool added later without a SKU takes the next number.
CREATE SEQUENCE "public"."tool_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "tools" SET "sku" = 'TOOL-' || lpad("numbered"."n"::text, 5, '0')
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "tools") AS "numbered"
WHERE "numbered"."id" = "tools"."id";--> statement-breakpoint
SELECT setval('tool_sku_seq', greatest((SELECT count(*) FROM "tools"), 1), (SELECT count(*) > 0 FROM "tools"));--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET DEFAULT ('TOOL-' || lpad(nextval('tool_sku_seq')::text, 5, '0'));--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "brand" text DEFAULT 'Toolyard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_gtin_check" CHECK ("tools"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_idx" ON "tools" USING btree (lower("sku")) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
-- An order line keeps the SKU its tool had when the order was placed, as it keeps its name.
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_lines" SET "sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "order_lines"."tool_id";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
-- Every change to a tool but its stock is announced as a change to the catalogue, whichever column
-- it touches: the trigger compares the columns as a whole row, less stock and time, as
-- toolyard_catalogue_changed does (server/db/functions/catalogue-changed.sql). The placement reads
-- each tool's SKU with the rest (server/db/functions/order-context.sql).
DROP TRIGGER tools_catalogue_updated ON tools;--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated AFTER UPDATE ON tools
  FOR EACH ROW
  WHEN (
    NEW.quantity >= OLD.quantity
    OR to_jsonb(NEW) - 'quantity' - 'updated_at' <> to_jsonb(OLD) - 'quantity' - 'updated_at'
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();
