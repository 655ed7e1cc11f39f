ALTER TABLE "catalogue_words" ADD COLUMN "first_name" text;--> statement-breakpoint
-- first_name: a name at or before the first, in name order, of the tools that have the word, where a
-- search sorted by name starts its walk (tools.service.ts). A lower bound, kept by the triggers of
-- 0012 (tools inserted, a name or description changed): only ever lowered, so a tool archived or
-- renamed later leaves it earlier than needed, never later. The words are written in their order,
-- so that two statements adding the same words lock them in the same order.
CREATE OR REPLACE FUNCTION "catalogue_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word", "first_name")
    SELECT w, min("new_tools"."name") FROM "new_tools", unnest(tsvector_to_array("new_tools"."search_vector")) AS w
    WHERE w !~ '[0-9]'
    GROUP BY w ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "first_name" = "excluded"."first_name"
    WHERE "catalogue_words"."first_name" IS NULL OR "excluded"."first_name" < "catalogue_words"."first_name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_words_add_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word", "first_name")
    SELECT DISTINCT w, NEW."name" FROM unnest(tsvector_to_array(NEW."search_vector")) AS w
    WHERE w !~ '[0-9]'
    ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "first_name" = "excluded"."first_name"
    WHERE "catalogue_words"."first_name" IS NULL OR "excluded"."first_name" < "catalogue_words"."first_name";
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "catalogue_words" SET "first_name" = "first"."name"
  FROM (
    SELECT w, min("tools"."name") AS "name" FROM "tools", unnest(tsvector_to_array("tools"."search_vector")) AS w
    GROUP BY w
  ) AS "first"
  WHERE "catalogue_words"."word" = "first"."w";
