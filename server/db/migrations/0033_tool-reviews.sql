DROP INDEX "reviews_user_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_tool_idx" ON "reviews" USING btree ("user_id","tool_id") WHERE "reviews"."tool_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_tool_idx" ON "reviews" USING btree ("tool_id","created_at","id") WHERE "reviews"."tool_id" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id") WHERE "reviews"."tool_id" is null;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_rating_check" CHECK ("tools"."rating_total" between "tools"."rating_count" and 5 * "tools"."rating_count");--> statement-breakpoint
-- A tool's rating follows its shown reviews (server/db/functions/tool-rating.sql).
CREATE OR REPLACE FUNCTION toolyard_tool_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tool uuid;
BEGIN
  FOR v_tool IN
    SELECT DISTINCT id FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.tool_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.tool_id END
    ]) AS id
    WHERE id IS NOT NULL
  LOOP
    PERFORM 1 FROM tools WHERE id = v_tool FOR NO KEY UPDATE;
    UPDATE tools SET (rating_count, rating_total) = (
      SELECT count(*)::int, coalesce(sum(rating), 0)::int
      FROM reviews WHERE tool_id = v_tool AND hidden_at IS NULL
    )
    WHERE id = v_tool;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_tool_rating AFTER INSERT OR UPDATE OF tool_id, rating, hidden_at OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION toolyard_tool_rating();
