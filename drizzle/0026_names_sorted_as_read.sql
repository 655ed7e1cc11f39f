-- The catalogue sorted by name in the order a shopper reads it, without regard to case or accents
-- ('angle grinder', 'Bench vise', 'Érable drill', 'Zeta saw'), on PGlite and a C-collated PostgreSQL
-- alike: name_key is the name folded as searchable() folds it (src/server/db/schema.ts), kept with
-- the row so that a page reads it from its index rather than folding every row it passes.
DROP INDEX "tools_name_idx";--> statement-breakpoint
DROP INDEX "tools_category_name_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("tools"."name", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name_key","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_category_name_idx" ON "tools" USING btree ("category","name_key","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
-- catalogue_words.first_name (0021) becomes the smallest name_key of the word's tools, where a search
-- sorted by name now starts its walk: the smallest name in C order ('Torque …' before 'angle …')
-- bounds nothing among keys in lower case. The triggers of 0021, the key for the name; each word's
-- key recomputed from the tools (archived ones too, as 0021 did), none for a word no tool has.
CREATE OR REPLACE FUNCTION "catalogue_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word", "first_name")
    SELECT w, min("new_tools"."name_key") FROM "new_tools", unnest(tsvector_to_array("new_tools"."search_vector")) AS w
    WHERE w !~ '[0-9]'
    GROUP BY w ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "first_name" = "excluded"."first_name"
    WHERE "catalogue_words"."first_name" IS NULL OR "excluded"."first_name" < "catalogue_words"."first_name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_words_add_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word", "first_name")
    SELECT DISTINCT w, NEW."name_key" FROM unnest(tsvector_to_array(NEW."search_vector")) AS w
    WHERE w !~ '[0-9]'
    ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "first_name" = "excluded"."first_name"
    WHERE "catalogue_words"."first_name" IS NULL OR "excluded"."first_name" < "catalogue_words"."first_name";
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "catalogue_words" SET "first_name" = NULL;--> statement-breakpoint
UPDATE "catalogue_words" SET "first_name" = "first"."key"
  FROM (
    SELECT w, min("tools"."name_key") AS "key" FROM "tools", unnest(tsvector_to_array("tools"."search_vector")) AS w
    GROUP BY w
  ) AS "first"
  WHERE "catalogue_words"."word" = "first"."w";
