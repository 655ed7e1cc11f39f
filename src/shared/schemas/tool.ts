import { z } from 'zod';
import { CATEGORIES, type CategorySlug as Slug } from '#shared/categories.ts';
import { SearchQuery } from './text.ts';

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

export const CATALOGUE_SORTS = ['relevance', 'name', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** GET /api/catalogue's query (DESIGN §3b). Without `q`, relevance sorts as newest. */
export const CatalogueQuery = z
  .object({
    q: SearchQuery.optional(),
    category: z
      .string()
      .regex(/^[a-z0-9-]{1,50}$/, 'A category is a slug: lower-case letters, digits and dashes')
      .optional(),
    sort: z.enum(CATALOGUE_SORTS, { error: `One of ${CATALOGUE_SORTS.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: 'A whole number from 1 to 48' })
      .int('A whole number from 1 to 48')
      .min(1, 'A whole number from 1 to 48')
      .max(48, 'A whole number from 1 to 48')
      .default(24),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'Not a cursor this catalogue gave')
      .optional(),
  })
  .strict();
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;

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
