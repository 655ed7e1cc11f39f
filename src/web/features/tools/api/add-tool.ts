import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult, AddToolInput } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys, toolsKeys } from '#web/lib/query-keys.ts';

/** POST /addTool (bearer, admin): a new tool in the catalogue; a 400 carries a message per field. */
export function addTool(body: AddToolInput) {
  return apiRequest<InsertResult>('/addTool', { method: 'POST', body });
}

export function useAddTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTool,
    // The home page, the catalogue and Manage Products read under the tools key. Those not on
    // screen are dropped, not kept to be read again when next shown: they would show the list
    // without the new tool until then. Those on screen are read again.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: toolsKeys.all, type: 'inactive' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
