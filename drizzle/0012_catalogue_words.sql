CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "tools_search_fts_idx";--> statement-breakpoint
DROP INDEX "tools_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, lower(translate("tools"."name", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'))), 'A') || setweight(to_tsvector('simple'::regconfig, lower(translate("tools"."description", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'))), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_words_trgm_idx" ON "catalogue_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector") WHERE "tools"."archived_at" is null;--> statement-breakpoint
-- catalogue_words: the words of tools.search_vector but those with a digit (a model number is
-- searched as typed, never by similarity). Kept here rather than by the service, so that tools
-- written by any statement (seed, imports) are found. Statement triggers read the new rows at once.
CREATE FUNCTION "catalogue_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word")
    SELECT DISTINCT w FROM "new_tools", unnest(tsvector_to_array("new_tools"."search_vector")) AS w
    WHERE w !~ '[0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tools_words_on_insert" AFTER INSERT ON "tools"
  REFERENCING NEW TABLE AS "new_tools" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_words_add"();--> statement-breakpoint
-- Only a new name or description brings new words (not stock or archiving: orders update tools).
CREATE FUNCTION "catalogue_words_add_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word")
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW."search_vector")) AS w
    WHERE w !~ '[0-9]'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tools_words_on_update" AFTER UPDATE OF "name", "description" ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_words_add_row"();--> statement-breakpoint
INSERT INTO "catalogue_words" ("word")
  SELECT DISTINCT w FROM "tools", unnest(tsvector_to_array("tools"."search_vector")) AS w
  WHERE w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
