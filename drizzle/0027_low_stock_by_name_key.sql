-- The overview's low stock lists tools by name as a shopper reads it (name_key, decision 029), and a
-- review finds its tool by name_key too, which makes the index on the folded name (0018) redundant.
DROP INDEX "tools_name_folded_idx";--> statement-breakpoint
DROP INDEX "tools_low_stock_idx";--> statement-breakpoint
CREATE INDEX "tools_low_stock_idx" ON "tools" USING btree ("name_key","id") WHERE "tools"."archived_at" is null and "tools"."available_quantity" < 2 * "tools"."minimum_order";