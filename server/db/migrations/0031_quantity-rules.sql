-- Quantity rules (docs/decisions/042): a tool may be sold in packs (every order line a multiple of
-- the order increment, the minimum order a whole number of packs) and may cap what one order has of
-- it. The defaults (packs of 1, no cap) leave every tool as it was.
ALTER TABLE "tools" ADD COLUMN "order_increment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_order_increment_check" CHECK ("tools"."order_increment" >= 1 and "tools"."minimum_order" % "tools"."order_increment" = 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_max_per_order_check" CHECK ("tools"."max_per_order" >= "tools"."minimum_order" and "tools"."max_per_order" % "tools"."order_increment" = 0);