// No zod here: the /tools page reads its address by these rules, and zod would weigh on its first
// load. schemas/catalogue.ts builds GET /api/catalogue's query schema from the same constants, so a
// sort or a limit changed here reaches the API and the page alike.

/** The catalogue's orders (DESIGN §3b). Without `q`, relevance sorts as newest. */
export const CATALOGUE_SORTS = ['relevance', 'name', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const isCatalogueSort = (sort: string): sort is CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(sort);

/**
 * The most characters of a search the page asks for: as many as the API's SearchQuery takes
 * (schemas/text.ts, which keeps its own figure: it reaching this module would give the browser one
 * more chunk to load; get-catalogue.test.ts checks that the two agree).
 */
export const SEARCH_MAX_LENGTH = 100;

/** `category`: a slug, the shape of every category's (categories.ts), whether or not one has it. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9-]{1,50}$/;

/** `cursor`: the shape of a `nextCursor` the catalogue gives (base64url). */
export const CATALOGUE_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/;

/** `limit`: tools a page, from 1 to 48, 24 unless asked. */
export const CATALOGUE_LIMIT = { min: 1, max: 48, default: 24 } as const;
