import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CATALOGUE_CURSOR_PATTERN,
  CATEGORY_SLUG_PATTERN,
  type CatalogueSort,
  isCatalogueSort,
  SEARCH_MAX_LENGTH,
} from '#shared/catalogue-query.ts';
import type { CataloguePage } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** What the /tools page shows, as its URL says it (so a filtered list is a link to share). */
export interface CatalogueState {
  q: string;
  category: string;
  sort: CatalogueSort | '';
  cursor: string;
}

/**
 * The state an address asks for, by the API's own rules (catalogue-query.ts): what the API would
 * refuse by its shape alone (a sort it does not know, a category that is no slug) is left out
 * rather than asked for.
 */
export function catalogueState(params: URLSearchParams): CatalogueState {
  const sort = params.get('sort') ?? '';
  const category = params.get('category') ?? '';
  const cursor = params.get('cursor') ?? '';
  return {
    // A control character (a pasted %00, which the API refuses) is a space.
    q: (params.get('q') ?? '')
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH),
    category: CATEGORY_SLUG_PATTERN.test(category) ? category : '',
    sort: isCatalogueSort(sort) ? sort : '',
    cursor: CATALOGUE_CURSOR_PATTERN.test(cursor) ? cursor : '',
  };
}

/** The query string of a state: only what is set, in one order, so one view has one address. */
export function catalogueSearch(state: Partial<CatalogueState>): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'category', 'sort', 'cursor'] as const) {
    if (state[key]) params.set(key, state[key]);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /catalogue: one page of live tools, searched, filtered and sorted. */
export function getCatalogue(search: string, signal?: AbortSignal): Promise<CataloguePage> {
  return apiRequest<CataloguePage>(`/catalogue${search}`, { signal, withoutToken: true });
}

export function useCatalogue(state: CatalogueState) {
  const search = catalogueSearch(state);
  return useQuery({
    queryKey: toolsKeys.catalogue(search),
    meta: { prerender: true },
    queryFn: ({ signal }) => getCatalogue(search, signal),
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // A refused address (a cursor cut short) stays refused: the page the server drew is not asked again.
    retryOnMount: false,
  });
}
