-- Search that finds what people type: words in any of their forms ("drills" finds "Drill"), by
-- full-text search over the name (weighing most) and the description; typos ("hamer") by the
-- trigram index on names (migration 0002). The column is the database's own: the app never
-- writes it, and Drizzle's schema leaves it out, so reading a tool does not carry it.
ALTER TABLE "tools" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "description"), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector") WHERE "deleted_at" IS NULL;
