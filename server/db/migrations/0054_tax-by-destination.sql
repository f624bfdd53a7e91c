CREATE TABLE "tax_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"user_id" text,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_exemptions_one_buyer_check" CHECK (("tax_exemptions"."company_id" is null) <> ("tax_exemptions"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"postcode_prefixes" text[] DEFAULT '{}' NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"label" text DEFAULT 'VAT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000),
	CONSTRAINT "tax_rates_region_check" CHECK (("tax_rates"."region" is null) = (cardinality("tax_rates"."postcode_prefixes") = 0))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_treatment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_exemptions_company_idx" ON "tax_exemptions" USING btree ("company_id") WHERE "tax_exemptions"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_exemptions_user_idx" ON "tax_exemptions" USING btree ("user_id") WHERE "tax_exemptions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_idx" ON "tax_rates" USING btree ("country",coalesce("region", ''));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'tool', 'category', 'order', 'quote', 'review', 'catalogue', 'company', 'delivery_method', 'tax_rate'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_treatment_check" CHECK ("orders"."tax_treatment" is null or ("orders"."tax_treatment" in ('taxed', 'reverse_charge', 'exempt') and "orders"."tax_rate_basis_points" is not null and "orders"."tax_amount" is not null and ("orders"."tax_treatment" = 'taxed' or "orders"."tax_amount" = 0)));