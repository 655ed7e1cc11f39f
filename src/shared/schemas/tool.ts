import { z } from 'zod';
import { CATEGORIES, type CategorySlug as Slug } from '#shared/categories.ts';

export const ToolId = z.uuid();

const slugs = CATEGORIES.map((c) => c.slug) as [Slug, ...Slug[]];
export const CategorySlug = z.enum(slugs, { error: 'Choose a category' });
export type CategorySlug = Slug;

/** A tool as the API shows it (SPEC §3); price in dollars. */
export const Tool = z.object({
  _id: ToolId,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  price: z.number(),
  minimumOrder: z.number().int(),
  availableQuantity: z.number().int(),
  category: CategorySlug,
});
export type Tool = z.infer<typeof Tool>;

/** Less stock than the minimum order: no order of it can be placed (POST /purchase refuses one). */
export const isOutOfStock = (tool: Pick<Tool, 'minimumOrder' | 'availableQuantity'>) =>
  tool.availableQuantity < tool.minimumOrder;

export const ToolList = z.array(Tool);
export type ToolList = z.infer<typeof ToolList>;

// GET /api/catalogue's query schema is in catalogue.ts: the browser, which reads its rules from
// catalogue-query.ts, never loads it with the Tool schemas it does load.
export type { CatalogueSort } from '#shared/catalogue-query.ts';
export type { CatalogueQuery } from './catalogue.ts';

/**
 * A search counts its matches up to this many: past it, `total` is this and `totalCapped` is true
 * ('100+ tools'), as the admin's lists do. Counting reads matches until the cap: 1,000 of a common
 * word took PGlite 4-7 ms, more than the rest of the search (27 Nov 2026; 1,000 until then).
 */
export const CATALOGUE_TOTAL_CAP = 100;

/**
 * A page of the catalogue; `totalCapped`: the search matches more than `total` (CATALOGUE_TOTAL_CAP)
 * tools; `unmatched`: the searched words like no word of the catalogue, left out of the search
 * ('makita' of 'makita drill'), when there are some.
 */
export const CataloguePage = z.object({
  items: ToolList,
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
  unmatched: z.array(z.string()).optional(),
});
export type CataloguePage = z.infer<typeof CataloguePage>;

export const Category = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export const CategoryList = z.array(Category);
export type CategoryList = z.infer<typeof CategoryList>;
