-- Where each catalogue import stands, written as it goes and read by the admin's screen from any
-- instance (docs/decisions/050).
CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" text,
	"is_dry_run" boolean NOT NULL,
	"phase" text DEFAULT 'checking' NOT NULL,
	"bytes_total" bigint NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_to_write" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_imports_phase_check" CHECK ("catalogue_imports"."phase" in ('checking', 'writing', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at");