import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CataloguePage, CatalogueSort } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** What the /tools page shows, as its URL says it (so a filtered list is a link to share). */
export interface CatalogueState {
  q: string;
  category: string;
  sort: CatalogueSort | '';
  cursor: string;
}

export function catalogueState(params: URLSearchParams): CatalogueState {
  const sort = params.get('sort') ?? '';
  return {
    // A control character (a pasted %00, which the API refuses) is a space.
    q: (params.get('q') ?? '')
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .slice(0, 100),
    category: /^[a-z0-9-]{1,50}$/.test(params.get('category') ?? '') ? params.get('category')! : '',
    sort: ['relevance', 'name', 'price-asc', 'price-desc', 'newest'].includes(sort)
      ? (sort as CatalogueSort)
      : '',
    cursor: /^[A-Za-z0-9_-]{1,400}$/.test(params.get('cursor') ?? '') ? params.get('cursor')! : '',
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
