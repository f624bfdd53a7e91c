-- Counters are short-lived: the old rows (raw, unbounded keys) are dropped, so every window starts
-- afresh once, and the new keys are hashes of bounded size.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_key_length_check" CHECK (length("rate_limits"."key") <= 100);
