-- Keeps each tool's rating (tools.rating_count, tools.rating_total) equal to its shown reviews when
-- a review is posted, edited, hidden, shown, moved or deleted. The trigger reviews_tool_rating
-- (migration 0033) calls it. The tool's row is locked before its reviews are counted: the count is
-- then a statement of its own, which sees a review another transaction committed meanwhile, so two
-- reviews posted at once are both counted. The lock is FOR NO KEY UPDATE, the one the update takes
-- anyway: every review inserted holds a key-share lock on its tool (the foreign key), which a FOR
-- UPDATE would wait on, so two reviews of one tool posted at once would deadlock.
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
$$;
