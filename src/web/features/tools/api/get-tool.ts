import { useQuery } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** GET /tool/{id}: one tool with its current stock. */
export function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
  // Not re-validated here, as for the list (get-tools.ts). A public call, sent without the token:
  // it is then the very request the page's HTML preloads (page-preloads.ts), and it is answered
  // from that preload.
  return apiRequest<Tool>(`/tool/${encodeURIComponent(id)}`, { signal, withoutToken: true });
}

export function useTool(id: string) {
  return useQuery({
    queryKey: toolsKeys.detail(id),
    meta: { prerender: true },
    queryFn: ({ signal }) => getTool(id, signal),
    // An unknown tool stays unknown: the page the server drew as not found (404) is not fetched again.
    retryOnMount: false,
  });
}
