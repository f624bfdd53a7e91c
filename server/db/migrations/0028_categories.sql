CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img" text,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_not_own_parent_check" CHECK ("categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_id") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'tool', 'category', 'order', 'review'));--> statement-breakpoint
-- A change to a category changes the catalogue's answers (its tree, its pages): announced as a
-- change to the whole catalogue, by a function of its own (server/db/functions/categories-changed.sql,
-- created here in the same text, since a trigger needs its function to exist).
CREATE OR REPLACE FUNCTION toolyard_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_catalogue', ':all');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION toolyard_categories_changed();--> statement-breakpoint
CREATE TRIGGER categories_catalogue_truncated AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION toolyard_categories_changed();--> statement-breakpoint
-- A store seeded with the demo catalogue before categories existed gets the demo tree, and each
-- demo tool its place in it (the same slugs as server/db/seed-data.ts). Other tools stay without a
-- category until an admin gives them one; a store without the demo tools gets no categories.
INSERT INTO "categories" ("slug", "name", "description", "parent_id", "position")
SELECT "slug", "name", "description", NULL, "position" FROM (VALUES
  ('power-tools', 'Power tools', 'Corded and cordless drills, drivers, grinders and saws for site and workshop.', 1),
  ('hand-tools', 'Hand tools', 'Hammers, pliers, screwdrivers, wrenches, saws and knives.', 2),
  ('measuring-and-layout', 'Measuring and layout', 'Tape measures and spirit levels.', 3),
  ('clamps', 'Clamps', 'Bar clamps for joinery, welding and assembly.', 4),
  ('safety-gear', 'Safety gear', 'Gloves and protective wear for crews.', 5)
) AS "roots" ("slug", "name", "description", "position")
WHERE EXISTS (SELECT 1 FROM "tools" WHERE "name" = '13 mm Hammer Drill Kit, 120 pieces');--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "description", "parent_id", "position")
SELECT "children"."slug", "children"."name", "children"."description", "parent"."id", "children"."position"
FROM (VALUES
  ('drills', 'Drills', 'Drills and drivers.', 'power-tools', 1),
  ('grinders', 'Grinders', 'Angle grinders.', 'power-tools', 2),
  ('power-saws', 'Power saws', 'Circular saws.', 'power-tools', 3),
  ('wrenches-and-sockets', 'Wrenches and sockets', 'Socket sets and combination wrenches.', 'hand-tools', 1),
  ('pliers', 'Pliers', 'Combination, long-nose and cutting pliers.', 'hand-tools', 2),
  ('screwdrivers', 'Screwdrivers', 'Slotted and Phillips screwdrivers.', 'hand-tools', 3),
  ('hammers', 'Hammers', 'Claw hammers.', 'hand-tools', 4),
  ('hand-saws', 'Hand saws', 'Saws for timber and board.', 'hand-tools', 5),
  ('knives', 'Knives', 'Utility knives and blades.', 'hand-tools', 6)
) AS "children" ("slug", "name", "description", "parent_slug", "position")
JOIN "categories" "parent" ON "parent"."slug" = "children"."parent_slug";--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "description", "parent_id", "position")
SELECT "children"."slug", "children"."name", "children"."description", "parent"."id", "children"."position"
FROM (VALUES
  ('hammer-drills', 'Hammer drills', 'Drills with a hammer action for brick and concrete.', 'drills', 1),
  ('impact-drivers', 'Impact drivers', 'Cordless impact drivers for fixings.', 'drills', 2)
) AS "children" ("slug", "name", "description", "parent_slug", "position")
JOIN "categories" "parent" ON "parent"."slug" = "children"."parent_slug";--> statement-breakpoint
UPDATE "tools" SET "category_id" = "categories"."id"
FROM (VALUES
  ('13 mm Hammer Drill Kit, 120 pieces', 'hammer-drills'),
  ('18 V Cordless Impact Driver', 'impact-drivers'),
  ('125 mm Angle Grinder, 1,100 W', 'grinders'),
  ('Socket Set, 1/4 and 1/2 inch drive, 94 pieces', 'wrenches-and-sockets'),
  ('Pliers Set, 3 pieces', 'pliers'),
  ('8 m Tape Measure', 'measuring-and-layout'),
  ('600 mm Aluminum Spirit Level', 'measuring-and-layout'),
  ('185 mm Circular Saw, 1,400 W', 'power-saws'),
  ('Quick-Release Bar Clamps, 4 pieces', 'clamps'),
  ('Screwdriver Set, 12 pieces', 'screwdrivers'),
  ('Nitrile Safety Gloves, box of 100', 'safety-gear'),
  ('450 g Claw Hammer, fiberglass handle', 'hammers'),
  ('Combination Wrench Set, 8 pieces', 'wrenches-and-sockets'),
  ('550 mm Hand Saw', 'hand-saws'),
  ('Retractable Utility Knife', 'knives')
) AS "placed" ("name", "slug")
JOIN "categories" ON "categories"."slug" = "placed"."slug"
WHERE "tools"."name" = "placed"."name" AND "tools"."category_id" IS NULL;
