import { useQuery } from '@tanstack/react-query';
import type { AdminCheck } from '#shared/schemas/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';

/** GET /admin/{email} (bearer): whether the account is an admin, read from the database (SPEC §6). */
export function getAdminCheck(email: string, signal?: AbortSignal): Promise<AdminCheck> {
  return apiRequest<AdminCheck>(`/admin/${encodeURIComponent(email)}`, { signal });
}

export function useAdminCheck(email: string | undefined) {
  return useQuery({
    queryKey: authKeys.admin(email ?? ''),
    meta: { prerender: true },
    queryFn: ({ signal }) => getAdminCheck(email!, signal),
    enabled: Boolean(email),
  });
}
