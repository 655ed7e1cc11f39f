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
    // The home page and Manage Products read the catalogue through the tools query.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
