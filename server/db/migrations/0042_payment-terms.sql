CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"order_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"user_id" text,
	"net_days" integer NOT NULL,
	"credit_limit" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_terms_one_buyer_check" CHECK (("payment_terms"."company_id" is null) <> ("payment_terms"."user_id" is null)),
	CONSTRAINT "payment_terms_net_days_check" CHECK ("payment_terms"."net_days" in (15, 30, 60)),
	CONSTRAINT "payment_terms_credit_limit_check" CHECK ("payment_terms"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_invoice_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_order_idx" ON "invoice_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_terms_company_idx" ON "payment_terms" USING btree ("company_id") WHERE "payment_terms"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_terms_user_idx" ON "payment_terms" USING btree ("user_id") WHERE "payment_terms"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_account_idx" ON "orders" USING btree ("company_id","user_id","invoice_due_at") WHERE "orders"."payment_method" = 'account' and "orders"."settled_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_on_account_check" CHECK ("orders"."status" <> 'on_account' or ("orders"."payment_method" = 'account' and "orders"."invoice_due_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_approval', 'unpaid', 'on_account', 'paid', 'shipped', 'cancelled', 'rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction_check" CHECK ("orders"."status" not in ('paid', 'shipped') or "orders"."transaction_id" is not null or "orders"."payment_method" = 'account');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice_check" CHECK ("orders"."status" not in ('on_account', 'paid', 'shipped') or ("orders"."invoice_number" is not null and "orders"."invoiced_at" is not null and "orders"."tax_rate_basis_points" is not null and "orders"."tax_amount" is not null));