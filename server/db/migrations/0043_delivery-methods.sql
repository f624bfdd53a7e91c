CREATE TABLE "delivery_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"price_basis" text NOT NULL,
	"bands" jsonb NOT NULL,
	"free_above" integer,
	"working_days" integer NOT NULL,
	"cut_off_time" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_price_basis_check" CHECK ("delivery_methods"."price_basis" in ('weight', 'value')),
	CONSTRAINT "delivery_methods_bands_check" CHECK (jsonb_typeof("delivery_methods"."bands") = 'array'),
	CONSTRAINT "delivery_methods_working_days_check" CHECK ("delivery_methods"."working_days" between 0 and 60),
	CONSTRAINT "delivery_methods_free_above_check" CHECK ("delivery_methods"."free_above" >= 0),
	CONSTRAINT "delivery_methods_cut_off_check" CHECK ("delivery_methods"."cut_off_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "delivery_methods_countries_check" CHECK (cardinality("delivery_methods"."countries") >= 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_weight_check" CHECK ("tools"."weight_grams" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'tool', 'category', 'order', 'quote', 'review', 'catalogue', 'company', 'delivery_method'));