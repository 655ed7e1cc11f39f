import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { orderTotalCents, toDollars } from '../../../shared/money.ts';
import type { Order, PurchaseInput, PurchaseResult } from '../../../shared/schemas/order.ts';
import { ToolId } from '../../../shared/schemas/tool.ts';
import type { Db } from '../../db/client.ts';
import { orders, tools } from '../../db/schema.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';

type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    toolsId: row.toolId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    productName: row.productName,
    productPrice: toDollars(row.productPriceCents),
    productImg: row.productImg,
    quantity: row.quantity,
    totalPrice: toDollars(orderTotalCents(row.productPriceCents, row.quantity)),
    paid: row.paid,
    shiftNow: row.shiftNow,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

// Thrown inside the purchase transaction to undo the stock it took.
class AlreadyOpen extends Error {}

/**
 * Places an order. Price and product snapshot come from the database; the stock is taken by one
 * guarded UPDATE in the order's transaction, so concurrent buyers can never oversell. A customer
 * with an open (unpaid) order for this tool gets {acknowledged:false}, held by a unique index too.
 */
export async function purchase(db: Db, buyer: CurrentUser, input: PurchaseInput): Promise<PurchaseResult> {
  const toolId = ToolId.safeParse(input.toolsId);
  if (!toolId.success) throw notFound('No tool with this id.');
  try {
    return await db.transaction(async (tx) => {
      const [tool] = await tx
        .select()
        .from(tools)
        .where(and(eq(tools.id, toolId.data), isNull(tools.archivedAt)));
      if (!tool) throw notFound('No tool with this id.');
      if (input.quantity < tool.minimumOrder) {
        throw new HttpError(400, 'invalid_input', 'Some fields are not valid.', {
          quantity: `This is minimum Quantity: order at least ${tool.minimumOrder}.`,
        });
      }
      const [open] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, buyer.id),
            eq(orders.toolId, tool.id),
            eq(orders.paid, false),
            isNull(orders.cancelledAt),
          ),
        );
      if (open) return { acknowledged: false };

      const [taken] = await tx
        .update(tools)
        .set({ availableQuantity: sql`${tools.availableQuantity} - ${input.quantity}` })
        .where(and(eq(tools.id, tool.id), gte(tools.availableQuantity, input.quantity)))
        .returning({ left: tools.availableQuantity });
      if (!taken) {
        const [now] = await tx
          .select({ n: tools.availableQuantity })
          .from(tools)
          .where(eq(tools.id, tool.id));
        throw new HttpError(409, 'out_of_stock', `Our available quantity is ${now?.n ?? 0}.`, {
          quantity: `Our available quantity is ${now?.n ?? 0}`,
        });
      }
      const [created] = await tx
        .insert(orders)
        .values({
          toolId: tool.id,
          userId: buyer.id,
          name: buyer.name,
          email: buyer.email,
          phone: input.phone,
          address: input.address,
          productName: tool.name,
          productPriceCents: tool.priceCents,
          productImg: tool.img,
          quantity: input.quantity,
        })
        .onConflictDoNothing()
        .returning({ id: orders.id });
      // A concurrent purchase of the same tool by the same customer won the unique index.
      if (!created) throw new AlreadyOpen();
      return { acknowledged: true, insertedId: created.id };
    });
  } catch (err) {
    if (err instanceof AlreadyOpen) return { acknowledged: false };
    throw err;
  }
}

/** The customer's orders, newest first; cancelled ones are not listed. */
export async function listOrdersOf(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.cancelledAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/** One order the caller may see: their own, or any for an admin. Cancelled orders are gone. */
export async function findOrderFor(db: Db, id: string, caller: { id: string; admin: boolean }) {
  const parsed = ToolId.safeParse(id);
  if (!parsed.success) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, parsed.data), isNull(orders.cancelledAt)));
  if (!row || (row.userId !== caller.id && !caller.admin)) return undefined;
  return row;
}

/** Cancels the owner's unpaid order and returns its stock, exactly once. */
export async function cancelOrder(db: Db, ownerId: string, id: string): Promise<void> {
  if (!ToolId.safeParse(id).success) throw notFound('No such order.');
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ cancelledAt: new Date() })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.userId, ownerId),
          eq(orders.paid, false),
          isNull(orders.cancelledAt),
        ),
      )
      .returning({ toolId: orders.toolId, quantity: orders.quantity });
    if (cancelled) {
      await tx
        .update(tools)
        .set({ availableQuantity: sql`${tools.availableQuantity} + ${cancelled.quantity}` })
        .where(eq(tools.id, cancelled.toolId));
      return;
    }
    const [row] = await tx
      .select({ userId: orders.userId, paid: orders.paid, cancelledAt: orders.cancelledAt })
      .from(orders)
      .where(eq(orders.id, id));
    if (!row || row.userId !== ownerId || row.cancelledAt) throw notFound('No such order.');
    throw new HttpError(409, 'order_paid', 'This order is paid and cannot be cancelled.');
  });
}

/**
 * Cancels unpaid orders older than the hold and returns their stock, in one statement. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so instances running this at once each take different rows.
 */
export async function expireUnpaidOrders(db: Db, holdHours: number, batch = 500): Promise<number> {
  const result = (await db.execute(sql`
    with expired as (
      select id from ${orders}
      where not paid and cancelled_at is null and created_at < now() - make_interval(hours => ${holdHours})
      order by created_at
      limit ${batch}
      for update skip locked
    ), cancelled as (
      update ${orders} o set cancelled_at = now()
      from expired e where o.id = e.id
      returning o.tool_id, o.quantity
    ), restocked as (
      update ${tools} t set available_quantity = t.available_quantity + s.q
      from (select tool_id, sum(quantity)::int as q from cancelled group by tool_id) s
      where t.id = s.tool_id
      returning t.id
    )
    select count(*)::int as n from cancelled`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
