CREATE TABLE "tool_relations" (
	"tool_id" uuid NOT NULL,
	"related_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tool_relations_tool_id_related_id_pk" PRIMARY KEY("tool_id","related_id"),
	CONSTRAINT "tool_relations_not_itself_check" CHECK ("tool_relations"."tool_id" <> "tool_relations"."related_id"),
	CONSTRAINT "tool_relations_kind_check" CHECK ("tool_relations"."kind" in ('accessory', 'also_needed'))
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_relations" ADD CONSTRAINT "tool_relations_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_relations" ADD CONSTRAINT "tool_relations_related_id_tools_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_relations_related_idx" ON "tool_relations" USING btree ("related_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_gallery_check" CHECK (jsonb_typeof("tools"."gallery") = 'array');--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_documents_check" CHECK (jsonb_typeof("tools"."documents") = 'array');--> statement-breakpoint
-- The function's home is server/db/functions/tool-relations-changed.sql (decision 038); created
-- here, in the same text, because the triggers below need it.
CREATE OR REPLACE FUNCTION toolyard_tool_relations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_catalogue', ':all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tool_relations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON tool_relations
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_tool_relations_changed();
--> statement-breakpoint
CREATE TRIGGER tool_relations_catalogue_truncated AFTER TRUNCATE ON tool_relations
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_tool_relations_changed();
