import { desc, getTableColumns, sql } from 'drizzle-orm';
import type { AdminAuditPage, AdminAuditQuery, AuditEntry } from '#shared/schemas/admin.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { badCursor, cappedCount, decodeCursor, keysetPage } from '#server/db/keyset.ts';
import { auditLog } from '#server/db/schema.ts';

/**
 * Who an audit entry names: an account (audit_log.actor_id references one) and the words shown;
 * no account when the store acted by itself (SYSTEM).
 */
export interface Actor {
  id: string | null;
  email: string;
}

export const SYSTEM: Actor = { id: null, email: 'store' };

/**
 * Records an admin action. Written in the same transaction as the action it records, so neither
 * exists without the other.
 */
export async function record(
  tx: Tx | Db,
  actor: Actor,
  action: AuditEntry['action'],
  target: string,
  details?: Record<string, unknown>,
) {
  await tx
    .insert(auditLog)
    .values({ actorId: actor.id, actorEmail: actor.email, action, target, details: details ?? null });
}

/**
 * One page of GET /api/admin/audit: every admin action, newest first, keyset on (created_at, id)
 * through audit_log_created_idx; the count stops past ADMIN_TOTAL_CAP ("more than 100").
 */
export async function listAuditPage(db: Db, query: AdminAuditQuery): Promise<AdminAuditPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = cursor
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`
    : undefined;
  const [rows, count] = await Promise.all([
    db
      .select({ ...getTableColumns(auditLog), at: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(page)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit + 1),
    cappedCount(db, sql`${auditLog}`, sql`true`),
  ]).catch(badCursor);
  return { ...keysetPage(rows, query.limit, (r) => [r.at, r.id], toEntry), ...count };
}

function toEntry(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    _id: r.id,
    actorEmail: r.actorEmail,
    action: r.action as AuditEntry['action'],
    target: r.target,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
