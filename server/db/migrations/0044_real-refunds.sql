ALTER TABLE "order_refunds" ADD COLUMN "provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_reference_idx" ON "order_refunds" USING btree ("provider","provider_reference");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_provider_check" CHECK ("order_refunds"."provider" in ('manual', 'test', 'stripe'));