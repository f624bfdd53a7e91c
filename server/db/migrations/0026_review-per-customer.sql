-- One review per customer (docs/decisions/032): posting again edits it. A customer who wrote
-- several before now keeps one: the newest that is shown, or the newest of all when an admin hid
-- every one; the others are deleted, each written to the audit log as deleted by this migration
-- (with its author, rating and first words, as a moderator's deletion is), so admins can see what
-- went and why.
WITH "ranked" AS (
	SELECT "id", row_number() OVER (
		PARTITION BY "user_id"
		ORDER BY ("hidden_at" IS NULL) DESC, "created_at" DESC, "id" DESC
	) AS "place"
	FROM "reviews"
), "removed" AS (
	DELETE FROM "reviews" WHERE "id" IN (SELECT "id" FROM "ranked" WHERE "place" > 1)
	RETURNING "id", "user_id", "user_name", "rating", "review"
)
INSERT INTO "audit_log" ("actor_id", "actor_name", "actor_email", "action", "target_type", "target_id", "target_label", "details")
SELECT NULL, 'The store''s update to one review per customer', '', 'review.deleted', 'review', "removed"."id"::text,
	'review by ' || "removed"."user_name",
	jsonb_build_object(
		'author', "removed"."user_name",
		'authorEmail', "user"."email",
		'rating', "removed"."rating",
		'excerpt', left(btrim(regexp_replace("removed"."review", '\s+', ' ', 'g')), 80),
		'reason', 'one review per customer'
	)
FROM "removed" JOIN "user" ON "user"."id" = "removed"."user_id";--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- A profile photo is an image uploaded here or the photo of a linked Google account (contract/auth.ts,
-- isProfilePhotoUrl); any other stored value (a path into the API, say) becomes no photo.
UPDATE "user" SET "image" = NULL
WHERE "image" IS NOT NULL
	AND "image" !~ '^/uploads/[0-9a-f]{32}-(320|640|1280)\.webp$'
	AND NOT (
		"image" ~* '^https://lh[0-9]+\.googleusercontent\.com([/?#].*)?$'
		AND EXISTS (
			SELECT 1 FROM "account"
			WHERE "account"."user_id" = "user"."id" AND "account"."provider_id" = 'google'
		)
	);
