import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys, toolsKeys } from '#web/lib/query-keys.ts';

/** DELETE /tool/{id} (bearer, admin): the tool leaves the catalogue (archived; orders keep it). */
export function deleteTool(toolId: string) {
  return apiRequest<DeleteResult>(`/tool/${encodeURIComponent(toolId)}`, { method: 'DELETE' });
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    // deletedCount 0 means someone else removed it first: either way the list is read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
