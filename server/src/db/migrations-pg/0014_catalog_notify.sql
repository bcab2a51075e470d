-- Every change of the catalog's version is announced on the channel store_catalog when its transaction commits,
-- whichever instance (or tool) made it: each instance listens, and reads the version again only when told
-- (src/db/postgres.ts, CatalogChanges).
CREATE OR REPLACE FUNCTION store_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('store_catalog', NEW.rev::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_state_changed AFTER INSERT OR UPDATE ON catalog_state FOR EACH ROW EXECUTE FUNCTION store_catalog_changed();
