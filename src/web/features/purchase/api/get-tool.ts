import { useQuery } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/features/tools/api/get-tools.ts';

/** Under the tools list's key, so whatever refreshes the tools (a purchase, a cancel) refreshes this too. */
export const toolKeys = {
  detail: (id: string) => [...toolsKeys.all, 'detail', id] as const,
};

/** GET /tool/{id}: one tool with its current stock. */
export function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
  // Not re-validated here, as for the list (get-tools.ts). A public call, sent without the token:
  // it is then the very request the page's HTML preloads (page-preloads.ts), and it is answered
  // from that preload.
  return apiRequest<Tool>(`/tool/${encodeURIComponent(id)}`, { signal, withoutToken: true });
}

export function useTool(id: string) {
  return useQuery({
    queryKey: toolKeys.detail(id),
    meta: { prerender: true },
    queryFn: ({ signal }) => getTool(id, signal),
  });
}
