import { useQuery } from '@tanstack/react-query';
import type { CategoryList } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** GET /categories: the categories that have live tools, with their counts. */
function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return apiRequest<CategoryList>('/categories', { signal, withoutToken: true });
}

export function useCategories() {
  return useQuery({
    queryKey: toolsKeys.categories(),
    meta: { prerender: true },
    queryFn: ({ signal }) => getCategories(signal),
  });
}
