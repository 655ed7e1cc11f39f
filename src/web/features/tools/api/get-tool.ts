import { useQuery } from '@tanstack/react-query';
import type { Tool } from '#shared/schemas/tool.ts';
import { apiRequest, apiRequestTagged } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** GET /tool/{id}: one tool with its current stock. */
function getTool(id: string, signal?: AbortSignal): Promise<Tool> {
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

/** A tool as an edit starts from: its values and their version (the answer's ETag), for If-Match. */
export interface ToolToEdit {
  tool: Tool;
  version: string | null;
}

/** Under the tool's key, so that what refreshes the tool refreshes this too. */
export const toolToEditKey = (id: string) => [...toolsKeys.detail(id), 'edit'] as const;

/** GET /tool/{id} with its ETag. */
async function getToolToEdit(id: string, signal?: AbortSignal): Promise<ToolToEdit> {
  const { data, etag } = await apiRequestTagged<Tool>(`/tool/${encodeURIComponent(id)}`, {
    signal,
    withoutToken: true,
  });
  return { tool: data, version: etag };
}

/**
 * The tool an admin's Edit page opens: read afresh on every visit (the page waits for it, see
 * isFetchedAfterMount), so that the form starts from the tool as it is and its save names that
 * version. Not drawn by the server: its page answers carry no ETag.
 */
export function useToolToEdit(id: string) {
  return useQuery({
    queryKey: toolToEditKey(id),
    queryFn: ({ signal }) => getToolToEdit(id, signal),
    refetchOnMount: 'always',
  });
}
