-- Tells every instance that the catalogue changed, on the channel toolyard_catalogue, when a tool's
-- related tools change: the tool's answer and page carry them. The triggers
-- tool_relations_catalogue_changed and tool_relations_catalogue_truncated (migration 0035) call it,
-- once per statement (an admin's save replaces a tool's whole list in two statements at most).
CREATE OR REPLACE FUNCTION toolyard_tool_relations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_catalogue', ':all');
  RETURN NULL;
END
$$;
