import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditToolInput } from '#shared/schemas/admin.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys, toolsKeys } from '#web/lib/query-keys.ts';

/** PATCH /tool/{id} (bearer, admin): the fields given change; answers the tool as it now is. */
export function editTool({ id, changes }: { id: string; changes: EditToolInput }) {
  return apiRequest<Tool>(`/tool/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useEditTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTool,
    // The tool's page, the catalogue and Manage Products all read under the tools key.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
