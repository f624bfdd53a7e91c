-- Name search (ILIKE '%q%') uses a trigram index instead of scanning the catalogue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
