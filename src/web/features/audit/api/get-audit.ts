import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditPage } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys } from '#web/lib/query-keys.ts';

/** GET /admin/audit (bearer, admin): a page of the admins' actions, newest first, after `cursor`. */
function getAudit(cursor: string, signal?: AbortSignal): Promise<AdminAuditPage> {
  return apiRequest<AdminAuditPage>(`/admin/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    signal,
  });
}

/** The pages so far; "Show more" asks for the next. Every admin write refreshes them (auditKeys.all). */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: auditKeys.all,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
