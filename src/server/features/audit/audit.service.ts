import { desc } from 'drizzle-orm';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** The admin actions, newest first. */
export async function listAudit(db: Db, limit = 200): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    actorEmail: r.actorEmail,
    action: r.action as AuditEntry['action'],
    target: r.target,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
