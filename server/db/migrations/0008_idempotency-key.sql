-- A customer's client names each order it means to place (the Idempotency-Key header): asking
-- again with the same key after a lost answer returns that order instead of placing a second one.
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_idx" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;