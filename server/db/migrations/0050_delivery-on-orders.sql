CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_position_check" CHECK ("order_shipments"."position" >= 1),
	CONSTRAINT "order_shipments_tracking_check" CHECK ("order_shipments"."tracking_number" is null or "order_shipments"."carrier" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id","position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_check" CHECK (("orders"."delivery_method_id" is null) = ("orders"."delivery_method_name" is null) and ("orders"."delivery_method_id" is null) = ("orders"."delivery_price" is null) and ("orders"."delivery_method_id" is null) = ("orders"."delivery_date" is null) and "orders"."delivery_price" >= 0);