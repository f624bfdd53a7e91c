CREATE TABLE "credit_note_numbers" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" bigint NOT NULL,
	CONSTRAINT "credit_note_numbers_one_row_check" CHECK ("credit_note_numbers"."id")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_note_number" bigint;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_note_issued_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_credit_note_number_idx" ON "order_refunds" USING btree ("credit_note_number");