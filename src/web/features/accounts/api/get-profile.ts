import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '#shared/schemas/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/lib/query-keys.ts';

/** GET /user/{email} (bearer): the account and its saved profile. */
function getProfile(email: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/user/${encodeURIComponent(email)}`, { signal });
}

export function useProfile(email: string) {
  return useQuery({
    queryKey: profileKeys.detail(email),
    meta: { prerender: true },
    queryFn: ({ signal }) => getProfile(email, signal),
  });
}
