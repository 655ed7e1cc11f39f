import { useQuery } from '@tanstack/react-query';
import type { AuditList, AuditEntry } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys } from '#web/lib/query-keys.ts';

/** GET /audit (bearer, admin): the admins' actions, newest first. */
export function getAudit(signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiRequest<AuditList>('/audit', { signal });
}

export function useAudit() {
  return useQuery({ queryKey: auditKeys.all, queryFn: ({ signal }) => getAudit(signal) });
}
