import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { toCents } from '#shared/money.ts';
import type { AddToolInput, AuditEntry, UserRecord } from '#shared/schemas/admin.ts';
import type { Order } from '#shared/schemas/order.ts';
import { ToolId } from '#shared/schemas/tool.ts';
import { user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, orders, tools } from '#server/db/schema.ts';
import type { CurrentUser } from '#server/plugins/auth.ts';
import { HttpError, notFound } from '#server/plugins/errors.ts';
import { toOrder } from '#server/features/orders/orders.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Written in the same transaction as the action it records, so neither exists without the other. */
async function record(
  tx: Tx | Db,
  actor: CurrentUser,
  action: AuditEntry['action'],
  target: string,
  details?: Record<string, unknown>,
) {
  await tx
    .insert(auditLog)
    .values({ actorId: actor.id, actorEmail: actor.email, action, target, details: details ?? null });
}

/** Every live order, newest first. */
export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(isNull(orders.cancelledAt))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/** Marks a paid order ready for shipping; never reversed, and a second call changes nothing. */
export async function markReadyForShipping(db: Db, actor: CurrentUser, id: string): Promise<number> {
  if (!ToolId.safeParse(id).success) throw notFound('No such order.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ shiftNow: true })
      .where(
        and(eq(orders.id, id), eq(orders.paid, true), eq(orders.shiftNow, false), isNull(orders.cancelledAt)),
      )
      .returning({ id: orders.id });
    if (row) {
      await record(tx, actor, 'order.ship', id);
      return 1;
    }
    const [now] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), isNull(orders.cancelledAt)));
    if (!now) throw notFound('No such order.');
    if (!now.paid) throw new HttpError(409, 'order_unpaid', 'Only paid orders can be shipped.');
    return 0;
  });
}

export async function addTool(db: Db, actor: CurrentUser, input: AddToolInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tools)
      .values({
        name: input.name,
        description: input.description,
        img: input.img,
        priceCents: toCents(input.price),
        minimumOrder: input.minimumOrder,
        availableQuantity: input.availableQuantity,
      })
      .returning({ id: tools.id });
    await record(tx, actor, 'tool.add', row!.id, { name: input.name, price: input.price });
    return row!.id;
  });
}

/** Archives the tool: it leaves the catalogue, and past orders keep their snapshot. */
export async function archiveTool(db: Db, actor: CurrentUser, id: string): Promise<number> {
  if (!ToolId.safeParse(id).success) return 0;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ archivedAt: new Date() })
      .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
      .returning({ id: tools.id, name: tools.name });
    if (!row) return 0;
    await record(tx, actor, 'tool.delete', id, { name: row.name });
    return 1;
  });
}

export async function listUsers(db: Db): Promise<UserRecord[]> {
  const rows = await db
    .select({ _id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((r) => ({ ...r, role: r.role === 'admin' ? 'admin' : 'user' }));
}

/** Makes an account an admin; no demotion exists. */
export async function makeAdmin(db: Db, actor: CurrentUser, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const target = email.trim().toLowerCase();
    const [row] = await tx
      .update(user)
      .set({ role: 'admin' })
      .where(and(eq(sql`lower(${user.email})`, target), sql`${user.role} <> 'admin'`))
      .returning({ id: user.id });
    if (row) {
      await record(tx, actor, 'user.promote', target);
      return 1;
    }
    const [exists] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, target));
    if (!exists) throw notFound('No account with this email.');
    return 0;
  });
}

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
