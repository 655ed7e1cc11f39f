-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(translate("tools"."name" || ' ' || "tools"."description", 'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž', 'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_tool_idx" ON "reviews" USING btree ("tool_id","created_at");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_price_idx" ON "tools" USING btree ("price_cents","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_category_created_idx" ON "tools" USING btree ("category","created_at","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_category_name_idx" ON "tools" USING btree ("category","name","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_category_price_idx" ON "tools" USING btree ("category","price_cents","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_search_fts_idx" ON "tools" USING gin (to_tsvector('simple'::regconfig, "search")) WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tools_search_trgm_idx" ON "tools" USING gin ("search" gin_trgm_ops) WHERE "tools"."archived_at" is null;--> statement-breakpoint
UPDATE "tools" SET "category" = 'cordless-drills' WHERE "name" = 'Torque DX-20 Cordless Drill Driver';--> statement-breakpoint
UPDATE "tools" SET "category" = 'cordless-drills' WHERE "name" = 'Torque IX-210 Brushless Impact Driver';--> statement-breakpoint
UPDATE "tools" SET "category" = 'rotary-hammers' WHERE "name" = 'Torque RH-28 SDS-Plus Rotary Hammer';--> statement-breakpoint
UPDATE "tools" SET "category" = 'angle-grinders' WHERE "name" = 'Torque AG-125 Angle Grinder';--> statement-breakpoint
UPDATE "tools" SET "category" = 'saws' WHERE "name" = 'Torque CS-185 Circular Saw';--> statement-breakpoint
UPDATE "tools" SET "category" = 'saws' WHERE "name" = 'Torque JS-90 Orbital Jigsaw';--> statement-breakpoint
UPDATE "tools" SET "category" = 'saws' WHERE "name" = 'Torque RS-32 Reciprocating Saw';--> statement-breakpoint
UPDATE "tools" SET "category" = 'nailers' WHERE "name" = 'Torque NG-34 Cordless Framing Nailer';--> statement-breakpoint
UPDATE "tools" SET "category" = 'sanders' WHERE "name" = 'Torque OS-150 Random Orbital Sander';--> statement-breakpoint
UPDATE "tools" SET "category" = 'bench-grinders' WHERE "name" = 'Torque BG-200 Bench Grinder';--> statement-breakpoint
UPDATE "tools" SET "category" = 'heat-guns' WHERE "name" = 'Torque HG-600 Digital Heat Gun';--> statement-breakpoint
UPDATE "tools" SET "category" = 'pipe-press-tools' WHERE "name" = 'Torque PT-32 Hydraulic Press Tool';--> statement-breakpoint
-- Reviews name their tool by its name (SPEC's productName); the ones that match get its id.
UPDATE "reviews" SET "tool_id" = "tools"."id" FROM "tools" WHERE "tools"."name" = "reviews"."product_name" AND "tools"."archived_at" IS NULL;
