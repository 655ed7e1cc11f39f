import { useQuery } from '@tanstack/react-query';
import type { ToolList } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';

/** GET /tools: every listed tool, in display order. */
function getTools(signal?: AbortSignal): Promise<ToolList> {
  // Not re-validated here: the server serializes this answer through the same shared schema, and
  // zod would add ~24 KB gzip to the home page's chunk (DESIGN §6).
  return apiRequest<ToolList>('/tools', { signal });
}

export function useTools() {
  return useQuery({
    queryKey: toolsKeys.all,
    meta: { prerender: true },
    queryFn: ({ signal }) => getTools(signal),
  });
}
