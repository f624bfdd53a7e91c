CREATE TABLE "pending_sign_up" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"password_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_sign_up_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "pending_sign_up_email_idx" ON "pending_sign_up" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pending_sign_up_expires_at_idx" ON "pending_sign_up" USING btree ("expires_at");--> statement-breakpoint
-- Accounts never confirmed (made before sign-ups waited in pending_sign_up) could be confirmed by
-- whoever owns the address, on behalf of whoever signed up with it: they go (decision 030). Their
-- sessions, carts and credentials go with them (ON DELETE CASCADE); one with an order (which an
-- unconfirmed account cannot place) is kept.
DELETE FROM "user" u
WHERE NOT u."email_verified"
  AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."user_id" = u."id");
