import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MakeAdminResult } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys, usersKeys } from '#web/lib/query-keys.ts';

/** PUT /user/admin/{email} (bearer, admin): the account becomes an admin; there is no demotion. */
export function makeAdmin(email: string) {
  return apiRequest<MakeAdminResult>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
