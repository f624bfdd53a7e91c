-- Invoices and shipping details. Every paid order gets an invoice in the transaction that records
-- its payment, numbered from the one-row invoice_numbers (gap-free: a rolled-back payment takes its
-- number back). Orders also keep the carrier and tracking number once shipped, and the buyer's
-- company details as they were when the order was placed.
CREATE TABLE "invoice_numbers" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" bigint NOT NULL,
	CONSTRAINT "invoice_numbers_one_row_check" CHECK ("invoice_numbers"."id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- Orders paid before invoices existed get theirs now, numbered in the order they were paid, with
-- no tax (there was no tax setting) and no seller recorded (the invoice shows today's settings).
WITH numbered AS (
  SELECT "id", row_number() OVER (ORDER BY "paid_at", "number") AS n
  FROM "orders" WHERE "status" IN ('paid', 'shipped')
)
UPDATE "orders" SET "invoice_number" = numbered.n,
  "invoiced_at" = coalesce("orders"."paid_at", "orders"."updated_at"),
  "tax_rate_basis_points" = 0, "tax_amount" = 0
FROM numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "invoice_numbers" ("id", "last")
  SELECT true, coalesce(max("invoice_number"), 0) FROM "orders";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice_check" CHECK ("orders"."status" not in ('paid', 'shipped') or ("orders"."invoice_number" is not null and "orders"."invoiced_at" is not null and "orders"."tax_rate_basis_points" is not null and "orders"."tax_amount" is not null));