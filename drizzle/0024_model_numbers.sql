-- A model number is found however it is typed: 'DX-20', 'dx20' and 'dx 20' are all the words dx and
-- 20 (searchText(), src/server/db/schema.ts). Full text read 'dx-20' as dx and the number -20.
ALTER TABLE "tools" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(translate("tools"."name", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz')), '([a-z])-?([0-9])', '\1 \2', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(translate("tools"."description", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz')), '([a-z])-?([0-9])', '\1 \2', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its index.
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector") WHERE "tools"."archived_at" is null;--> statement-breakpoint
-- The new words (an 'm' of 'M18'), with their first names, as the triggers of 0012 and 0021 keep them.
INSERT INTO "catalogue_words" ("word", "first_name")
  SELECT w, min("tools"."name") FROM "tools", unnest(tsvector_to_array("tools"."search_vector")) AS w
  WHERE w !~ '[0-9]'
  GROUP BY w ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "first_name" = "excluded"."first_name"
  WHERE "catalogue_words"."first_name" IS NULL OR "excluded"."first_name" < "catalogue_words"."first_name";
