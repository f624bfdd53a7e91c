-- Payouts (decision 063): money the store pays back to a buyer on account who paid more than was
-- due after credit notes, kept beside the payments received with a negative amount, so every sum of
-- an order's payments is what the buyer paid, net. Rows already there are payments received.
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_amount_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "kind" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_kind_check" CHECK ("invoice_payments"."kind" in ('received', 'payout'));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" <> 0 and ("invoice_payments"."amount" > 0) = ("invoice_payments"."kind" = 'received'));