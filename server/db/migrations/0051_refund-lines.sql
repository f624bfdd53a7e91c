CREATE TABLE "order_refund_lines" (
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "order_refund_lines_refund_id_position_pk" PRIMARY KEY("refund_id","position"),
	CONSTRAINT "order_refund_lines_quantity_check" CHECK ("order_refund_lines"."quantity" >= 1),
	CONSTRAINT "order_refund_lines_amount_check" CHECK ("order_refund_lines"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "return_to_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_line_fk" FOREIGN KEY ("order_id","position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_order_line_idx" ON "order_refund_lines" USING btree ("order_id","position");