CREATE TABLE "catalog_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each write to a cached catalog table raises its version in the same transaction: readers that
-- see the new version also see the write (lib/db/catalog-cache.ts).
CREATE FUNCTION "meridian_bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_versions" ("name", "version") VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "catalog_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agents_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agents"
  FOR EACH STATEMENT EXECUTE FUNCTION "meridian_bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "skills_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skills"
  FOR EACH STATEMENT EXECUTE FUNCTION "meridian_bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "mcp_servers_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mcp_servers"
  FOR EACH STATEMENT EXECUTE FUNCTION "meridian_bump_catalog_version"();
--> statement-breakpoint
-- Knowledge bases: only the columns the catalog holds (a mind map being made writes often).
CREATE TRIGGER "knowledge_bases_catalog_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "knowledge_bases"
  FOR EACH STATEMENT EXECUTE FUNCTION "meridian_bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_bases_catalog_version_update"
  AFTER UPDATE OF "id", "name", "description", "kb_type", "owner_id", "sharing", "created_at" ON "knowledge_bases"
  FOR EACH STATEMENT EXECUTE FUNCTION "meridian_bump_catalog_version"();
--> statement-breakpoint
INSERT INTO "catalog_versions" ("name") VALUES ('agents'), ('skills'), ('mcp_servers'), ('knowledge_bases')
  ON CONFLICT DO NOTHING;
