ALTER TABLE "companies" ADD COLUMN "verified_vat_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_verified_at" timestamp with time zone;