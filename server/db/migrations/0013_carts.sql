-- A signed-in customer's cart, one row each: it follows them to every device. Lines are kept as they
-- set them ([{toolId, quantity}]); prices, stock and problems are worked out when it is read.
CREATE TABLE "carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;