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
-- Every change to a tool but its stock is announced as a change to the catalogue (0005, 0021),
-- whichever column it touches: the columns are compared as a whole row, less stock and time.
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
$$;--> statement-breakpoint
DROP TRIGGER tools_catalogue_updated ON tools;--> statement-breakpoint
CREATE TRIGGER tools_catalogue_updated AFTER UPDATE ON tools
  FOR EACH ROW
  WHEN (
    NEW.quantity >= OLD.quantity
    OR to_jsonb(NEW) - 'quantity' - 'updated_at' <> to_jsonb(OLD) - 'quantity' - 'updated_at'
  )
  EXECUTE FUNCTION toolyard_catalogue_changed();--> statement-breakpoint
-- The placement reads each tool's SKU with the rest, for its order line (0018).
CREATE OR REPLACE FUNCTION toolyard_order_context(p_user text, p_key text, p_tools uuid[]) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_company json;
BEGIN
  SELECT json_build_object(
      'companyName', company_name, 'vatNumber', vat_number, 'billingAddress', billing_address)
    INTO v_company
    FROM "user" WHERE id = p_user FOR NO KEY UPDATE;
  PERFORM 1 FROM tools WHERE id = ANY (p_tools) AND deleted_at IS NULL ORDER BY id FOR UPDATE;
  RETURN json_build_object(
    'now', now(),
    'number', nextval('order_number_seq'),
    'company', v_company,
    'unpaidOrders', (SELECT count(*) FROM orders WHERE user_id = p_user AND status = 'unpaid'),
    'earlierId', CASE WHEN p_key IS NULL THEN NULL
      ELSE (SELECT id FROM orders WHERE user_id = p_user AND idempotency_key = p_key) END,
    'held', (
      SELECT coalesce(json_object_agg(tool_id, units), '{}')
      FROM (
        SELECT tool_id, sum(quantity)::int AS units
        FROM order_lines
        WHERE user_id = p_user AND is_unpaid AND tool_id = ANY (p_tools)
        GROUP BY tool_id
      ) h),
    'tools', (
      SELECT coalesce(json_agg(json_build_object(
          'id', id, 'sku', sku, 'name', name, 'price', price, 'priceTiers', price_tiers,
          'quantity', quantity, 'minimumOrder', minimum_order)), '[]')
      FROM tools WHERE id = ANY (p_tools) AND deleted_at IS NULL)
  );
END
$$;
