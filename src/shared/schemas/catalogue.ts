import { z } from 'zod';
import {
  CATALOGUE_CURSOR_PATTERN,
  CATALOGUE_LIMIT,
  CATALOGUE_SORTS,
  CATEGORY_SLUG_PATTERN,
} from '#shared/catalogue-query.ts';
import { SearchQuery } from './text.ts';

// The server's schema of the catalogue's query, by the rules the /tools page reads its address by
// (catalogue-query.ts, without zod). Not in tool.ts: the browser loads that one for Tool, and would
// load this with it for nothing.

const ONE_VALUE = 'Give one value, not several';
const LIMIT_WORDS = `A whole number from ${CATALOGUE_LIMIT.min} to ${CATALOGUE_LIMIT.max}`;

/**
 * GET /api/catalogue's query (DESIGN §3b). Without `q`, relevance sorts as newest. Keys it does not
 * know are left out, not refused, as GET /api/tools and the /tools pages leave them: a link shared
 * with `utm_source`, `fbclid` or a cache-buster `_=` still answers. A known key given twice is
 * refused ('Give one value, not several').
 */
export const CatalogueQuery = z.object({
  q: SearchQuery.optional(),
  category: z
    .string()
    .regex(CATEGORY_SLUG_PATTERN, 'A category is a slug: lower-case letters, digits and dashes')
    .optional(),
  sort: z
    .enum(CATALOGUE_SORTS, {
      error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE : `One of ${CATALOGUE_SORTS.join(', ')}`),
    })
    .optional(),
  // Text first, so that `limit=1&limit=2` (a list) is told apart from a number out of range.
  limit: z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE : LIMIT_WORDS) })
    .pipe(
      z.coerce
        .number<string>({ error: LIMIT_WORDS })
        .int(LIMIT_WORDS)
        .min(CATALOGUE_LIMIT.min, LIMIT_WORDS)
        .max(CATALOGUE_LIMIT.max, LIMIT_WORDS),
    )
    .default(CATALOGUE_LIMIT.default)
    // The API's documentation shows the number it takes, not the text it reads it from.
    .meta({ type: 'integer', minimum: CATALOGUE_LIMIT.min, maximum: CATALOGUE_LIMIT.max }),
  cursor: z.string().regex(CATALOGUE_CURSOR_PATTERN, 'Not a cursor this catalogue gave').optional(),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;
