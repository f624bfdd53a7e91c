CREATE TABLE "category_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filterable" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_attributes_kind_check" CHECK ("category_attributes"."kind" in ('number', 'choice', 'boolean', 'text')),
	CONSTRAINT "category_attributes_options_check" CHECK (jsonb_typeof("category_attributes"."options") = 'array')
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "category_attributes" ADD CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_attributes_key_idx" ON "category_attributes" USING btree ("category_id","key");--> statement-breakpoint
CREATE INDEX "tools_specs_idx" ON "tools" USING gin ("specs" jsonb_path_ops) WHERE "tools"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_specs_check" CHECK (jsonb_typeof("tools"."specs") = 'object');--> statement-breakpoint
-- A change to a category's specifications changes the tree's answer and the tools' pages: announced
-- as a change to the whole catalogue by the categories' own function
-- (server/db/functions/categories-changed.sql). A tool's values live on its row, whose trigger
-- already announces every change to it.
CREATE TRIGGER category_attributes_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON category_attributes
  FOR EACH ROW EXECUTE FUNCTION toolyard_categories_changed();--> statement-breakpoint
CREATE TRIGGER category_attributes_catalogue_truncated AFTER TRUNCATE ON category_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_categories_changed();
