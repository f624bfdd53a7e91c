-- Each order carries its own payment deadline, set when it is placed: a shorter window set later
-- (PAYMENT_WINDOW_HOURS) never cancels orders placed under a longer promise. Orders placed before
-- this migration were promised the old default, 72 hours.
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "payment_due_at" = "created_at" + interval '72 hours';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_due_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "orders_unpaid_created_idx";--> statement-breakpoint
CREATE INDEX "orders_unpaid_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_user_unpaid_idx" ON "orders" USING btree ("user_id","tool_id") WHERE "orders"."status" = 'unpaid';
