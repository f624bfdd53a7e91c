-- Company details on the profile (for orders and invoices), all optional.
ALTER TABLE "user" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "billing_address" text;