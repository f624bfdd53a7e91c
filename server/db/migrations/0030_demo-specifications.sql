-- A store seeded with the demo catalogue before specifications existed gets the demo ones
-- (server/db/seed-specs.ts), and each demo tool its values, when it still has the demo category the
-- values belong to; a category that already has specifications of its own keeps them as they are.
INSERT INTO "category_attributes" ("category_id", "key", "name", "kind", "unit", "options", "filterable", "position")
SELECT "categories"."id", "defined"."key", "defined"."name", "defined"."kind", "defined"."unit", "defined"."options", "defined"."filterable", "defined"."position"
FROM (VALUES
  ('power-tools', 'voltage', 'Voltage', 'number', 'V', '[]'::jsonb, true, 0),
  ('power-tools', 'power-source', 'Power source', 'choice', NULL, '["Corded","Cordless"]'::jsonb, true, 1),
  ('drills', 'chuck-size', 'Chuck size', 'number', 'mm', '[]'::jsonb, true, 0),
  ('drills', 'brushless', 'Brushless motor', 'boolean', NULL, '[]'::jsonb, false, 1),
  ('grinders', 'disc-diameter', 'Disc diameter', 'number', 'mm', '[]'::jsonb, true, 0),
  ('power-saws', 'blade-diameter', 'Blade diameter', 'number', 'mm', '[]'::jsonb, true, 0),
  ('hand-tools', 'material', 'Material', 'text', NULL, '[]'::jsonb, false, 0),
  ('wrenches-and-sockets', 'drive-size', 'Drive size', 'choice', NULL, '["1/4 inch","3/8 inch","1/2 inch"]'::jsonb, true, 0),
  ('wrenches-and-sockets', 'pieces', 'Pieces', 'number', NULL, '[]'::jsonb, false, 1),
  ('measuring-and-layout', 'length', 'Length', 'number', 'm', '[]'::jsonb, true, 0),
  ('safety-gear', 'size', 'Size', 'choice', NULL, '["S","M","L","XL"]'::jsonb, true, 0)
) AS "defined" ("slug", "key", "name", "kind", "unit", "options", "filterable", "position")
JOIN "categories" ON "categories"."slug" = "defined"."slug"
WHERE EXISTS (SELECT 1 FROM "tools" WHERE "name" = '13 mm Hammer Drill Kit, 120 pieces')
  AND NOT EXISTS (SELECT 1 FROM "category_attributes" "own" WHERE "own"."category_id" = "categories"."id");--> statement-breakpoint
UPDATE "tools" SET "specs" = "valued"."specs"
FROM (VALUES
  ('13 mm Hammer Drill Kit, 120 pieces', 'hammer-drills', '{"voltage":230,"power-source":"Corded","chuck-size":13,"brushless":false}'::jsonb),
  ('18 V Cordless Impact Driver', 'impact-drivers', '{"voltage":18,"power-source":"Cordless","brushless":true}'::jsonb),
  ('125 mm Angle Grinder, 1,100 W', 'grinders', '{"voltage":230,"power-source":"Corded","disc-diameter":125}'::jsonb),
  ('185 mm Circular Saw, 1,400 W', 'power-saws', '{"voltage":230,"power-source":"Corded","blade-diameter":185}'::jsonb),
  ('Socket Set, 1/4 and 1/2 inch drive, 94 pieces', 'wrenches-and-sockets', '{"drive-size":"1/2 inch","pieces":94,"material":"Chrome vanadium steel"}'::jsonb),
  ('Combination Wrench Set, 8 pieces', 'wrenches-and-sockets', '{"pieces":8,"material":"Chrome vanadium steel"}'::jsonb),
  ('450 g Claw Hammer, fiberglass handle', 'hammers', '{"material":"Forged steel head, fiberglass handle"}'::jsonb),
  ('8 m Tape Measure', 'measuring-and-layout', '{"length":8}'::jsonb),
  ('600 mm Aluminum Spirit Level', 'measuring-and-layout', '{"length":0.6}'::jsonb),
  ('Nitrile Safety Gloves, box of 100', 'safety-gear', '{"size":"L"}'::jsonb)
) AS "valued" ("name", "slug", "specs")
JOIN "categories" ON "categories"."slug" = "valued"."slug"
WHERE "tools"."name" = "valued"."name" AND "tools"."category_id" = "categories"."id"
  AND "tools"."specs" = '{}'::jsonb
  -- Only values every one of whose keys the tool's category (or one above it) now defines.
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_object_keys("valued"."specs") AS "k"("key")
    WHERE NOT EXISTS (
      WITH RECURSIVE "lineage" AS (
        SELECT "categories"."id", "categories"."parent_id"
        UNION ALL
        SELECT "up"."id", "up"."parent_id" FROM "categories" "up" JOIN "lineage" ON "up"."id" = "lineage"."parent_id"
      )
      SELECT 1 FROM "category_attributes" "a" JOIN "lineage" ON "a"."category_id" = "lineage"."id"
      WHERE "a"."key" = "k"."key"
    )
  );
