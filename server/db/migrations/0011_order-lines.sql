-- Orders with several lines: each line is one tool at the price it had when the order was placed.
-- Every order placed before becomes a one-line order with the same tool, units, price and total;
-- the order keeps its summary columns (product_name, unit_price, ordered_num, total_amount).
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tool_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_unit_price_check" CHECK ("order_lines"."unit_price" >= 0),
	CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."line_total" = "order_lines"."unit_price" * "order_lines"."quantity")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_tool_idx" ON "order_lines" USING btree ("order_id","tool_id");--> statement-breakpoint
CREATE INDEX "order_lines_tool_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "product_name", "quantity", "unit_price", "line_total")
SELECT "id", 1, "tool_id", "product_name", "ordered_num", "unit_price", "total_amount" FROM "orders";