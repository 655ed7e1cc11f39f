import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { toolsKeys } from '#web/lib/query-keys.ts';
import { catalogueSearch, getCatalogue } from './get-catalogue.ts';

/**
 * Manage Products' list: GET /catalogue by name (searched by `q`), 48 tools a page; "Show more" asks
 * for the next. Under the tools' key, so an added, edited or deleted tool refreshes it.
 */
export function useCataloguePages(q: string) {
  const search = catalogueSearch({ q, sort: 'name' });
  return useInfiniteQuery({
    queryKey: toolsKeys.catalogue(`pages${search}`),
    queryFn: ({ pageParam, signal }) =>
      getCatalogue(`${search}&limit=48${pageParam ? `&cursor=${pageParam}` : ''}`, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
