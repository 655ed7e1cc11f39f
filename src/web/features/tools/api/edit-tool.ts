import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EditToolInput } from '#shared/schemas/admin.ts';
import type { CataloguePage, Tool } from '#shared/schemas/tool.ts';
import { apiRequestTagged } from '#web/lib/api-client.ts';
import { auditKeys, toolsKeys } from '#web/lib/query-keys.ts';
import { toolToEditKey, type ToolToEdit } from './get-tool.ts';

/**
 * PATCH /tool/{id} (bearer, admin): the fields given change; answers the tool as it now is, with
 * its new version. With the `version` the edit started from (If-Match), a tool changed since is
 * not changed: 412.
 */
export async function editTool({
  id,
  changes,
  version,
}: {
  id: string;
  changes: EditToolInput;
  version?: string | null;
}): Promise<ToolToEdit> {
  const { data, etag } = await apiRequestTagged<Tool>(`/tool/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    headers: version ? { 'If-Match': version } : undefined,
  });
  return { tool: data, version: etag };
}

const swapped = (list: Tool[], saved: Tool): Tool[] | undefined =>
  list.some((tool) => tool._id === saved._id)
    ? list.map((tool) => (tool._id === saved._id ? saved : tool))
    : undefined;

/**
 * A cached answer under the tools key with `saved` in place of the tool it was (a list, a
 * catalogue page, Manage Products' pages, the tool itself); undefined when it does not hold it.
 */
function withSaved(data: unknown, saved: Tool): unknown {
  if (Array.isArray(data)) return swapped(data as Tool[], saved);
  if (typeof data !== 'object' || data === null) return undefined;
  if ((data as Partial<Tool>)._id === saved._id) return saved;
  const page = data as Partial<CataloguePage>;
  if (Array.isArray(page.items)) {
    const items = swapped(page.items, saved);
    return items && { ...page, items };
  }
  const infinite = data as { pages?: unknown[] };
  if (Array.isArray(infinite.pages)) {
    const pages = infinite.pages.map((one) => withSaved(one, saved));
    return pages.some(Boolean)
      ? { ...infinite, pages: pages.map((one, i) => one ?? infinite.pages![i]) }
      : undefined;
  }
  return undefined;
}

/** Every cached view of the tools shows the saved tool at once, without waiting to be read again. */
function showSaved(queryClient: QueryClient, saved: ToolToEdit) {
  queryClient.setQueriesData<unknown>({ queryKey: toolsKeys.all }, (data: unknown) =>
    withSaved(data, saved.tool),
  );
  queryClient.setQueryData(toolToEditKey(saved.tool._id), saved);
}

export function useEditTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTool,
    // The tool's page, the catalogue and Manage Products all read under the tools key: each shows
    // the answer at once (Manage Products as soon as the form goes back to it), and is read again
    // when next shown (a new name moves a tool in a list by name).
    onSuccess: (saved) => {
      showSaved(queryClient, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
