-- Tells every instance that the catalogue changed, on the channel toolyard_catalogue, when a
-- category changes: its tree, its pages and the tools' lists by category all depend on it. The
-- triggers categories_catalogue_changed and categories_catalogue_truncated (migration 0028) call it,
-- and so do category_attributes_catalogue_changed and _truncated (migration 0029): a category's
-- specifications are part of its answer.
CREATE OR REPLACE FUNCTION toolyard_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('toolyard_catalogue', ':all');
  RETURN NULL;
END
$$;
