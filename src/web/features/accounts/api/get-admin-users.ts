import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersPage } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { usersKeys } from '#web/lib/query-keys.ts';

/** GET /admin/users (bearer, admin): a page of accounts, newest first, after `cursor`. */
function getAdminUsers(q: string, cursor: string, signal?: AbortSignal): Promise<AdminUsersPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiRequest<AdminUsersPage>(`/admin/users${query ? `?${query}` : ''}`, { signal });
}

/** The search's pages so far; "Show more" asks for the next. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: usersKeys.pages(q),
    queryFn: ({ pageParam, signal }) => getAdminUsers(q, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
