import { useQuery } from '@tanstack/react-query';
import type { UserList, UserRecord } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { usersKeys } from '#web/lib/query-keys.ts';

/** GET /users?email={the admin's own email} (bearer, admin): every account with its role. */
export function getUsers(email: string, signal?: AbortSignal): Promise<UserRecord[]> {
  return apiRequest<UserList>(`/users?email=${encodeURIComponent(email)}`, { signal });
}

export function useUsers(email: string | undefined) {
  return useQuery({
    queryKey: usersKeys.list(email ?? ''),
    queryFn: ({ signal }) => getUsers(email!, signal),
    enabled: Boolean(email),
  });
}
