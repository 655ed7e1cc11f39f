import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { orderTotalCents, toDollars } from '#shared/money.ts';
import type { Order, PurchaseInput, PurchaseResult } from '#shared/schemas/order.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { type Db, runPrepared, violates } from '#server/db/client.ts';
import { orders, tools } from '#server/db/schema.ts';
import { Conflict, Invalid, NotFound } from '#server/domain-errors.ts';
import { record, type Actor } from '#server/features/audit/audit.service.ts';

type OrderRow = typeof orders.$inferSelect;

function toOrder(row: OrderRow): Order {
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

/** The constraint that allows one open order per customer and tool. */
const ONE_OPEN_ORDER = 'orders_one_open_per_tool';

/**
 * Places an order in one statement: the guarded UPDATE takes the stock and the INSERT snapshots
 * the tool's name, price and image from the database (the client's values are never used).
 * As one statement it commits in the same round trip, so the tool's row, on which all its buyers
 * queue, is locked only while the statement runs: no oversell, and no lock held across network
 * waits. A customer with an open (unpaid) order for this tool is told so ({acknowledged:false});
 * two such purchases racing each other are settled by the unique index, which aborts the
 * statement of the second and with it the stock it took.
 * When nothing was placed, a second read says why: no such tool, under the minimum, already
 * open, or out of stock.
 */
export async function purchase(
  db: Db,
  buyer: CurrentUser,
  toolId: string,
  input: Omit<PurchaseInput, 'toolsId'>,
): Promise<PurchaseResult> {
  const { quantity } = input;
  let placed: { id: string } | undefined;
  try {
    [placed] = await runPrepared<{ id: string }>(
      db,
      'purchase',
      sql`
      with tool as (
        select id, name, price_cents, img from ${tools}
        where id = ${toolId} and archived_at is null and minimum_order <= ${quantity}
      ), taken as (
        update ${tools} t set available_quantity = t.available_quantity - ${quantity}
        from tool
        where t.id = tool.id and t.available_quantity >= ${quantity}
          and not exists (
            select 1 from ${orders} o
            where o.user_id = ${buyer.id} and o.tool_id = tool.id and not o.paid and o.cancelled_at is null
          )
        returning t.id
      )
      insert into ${orders}
        (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity)
      select tool.id, ${buyer.id}, ${buyer.name}, ${buyer.email}, ${input.phone}, ${input.address},
        tool.name, tool.price_cents, tool.img, ${quantity}
      from tool join taken on taken.id = tool.id
      returning id`,
    );
  } catch (err) {
    if (violates(err, ONE_OPEN_ORDER)) return { acknowledged: false };
    throw err;
  }
  if (placed) return { acknowledged: true, insertedId: placed.id };

  const [tool] = await db
    .select({ minimumOrder: tools.minimumOrder, left: tools.availableQuantity })
    .from(tools)
    .where(and(eq(tools.id, toolId), isNull(tools.archivedAt)));
  if (!tool) throw new NotFound('No tool with this id.');
  if (quantity < tool.minimumOrder) {
    throw new Invalid({ quantity: `This is minimum Quantity: order at least ${tool.minimumOrder}.` });
  }
  const [open] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, buyer.id),
        eq(orders.toolId, toolId),
        eq(orders.paid, false),
        isNull(orders.cancelledAt),
      ),
    );
  if (open) return { acknowledged: false };
  throw new Conflict('out_of_stock', `Our available quantity is ${tool.left}.`, {
    quantity: `Our available quantity is ${tool.left}`,
  });
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
export async function getOrderFor(
  db: Db,
  id: string,
  caller: { id: string; admin: boolean },
): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.cancelledAt)));
  if (!row || (row.userId !== caller.id && !caller.admin)) throw new NotFound('No such order.');
  return toOrder(row);
}

/** Cancels the owner's unpaid order and returns its stock, exactly once. */
export async function cancelOrder(db: Db, ownerId: string, id: string): Promise<void> {
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
    if (!row || row.userId !== ownerId || row.cancelledAt) throw new NotFound('No such order.');
    throw new Conflict('order_paid', 'This order is paid and cannot be cancelled.');
  });
}

/** Every live order, newest first (the admin console). */
export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(isNull(orders.cancelledAt))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/**
 * Ships a paid order (marks it ready for shipping: the column is SPEC's shiftNow). Never reversed;
 * answers 1 when this call shipped it, 0 when it was shipped already.
 */
export async function shipOrder(db: Db, actor: Actor, id: string): Promise<number> {
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
    if (!now) throw new NotFound('No such order.');
    if (!now.paid) throw new Conflict('order_unpaid', 'Only paid orders can be shipped.');
    return 0;
  });
}

/**
 * Cancels unpaid orders older than the hold and returns their stock, in one statement. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so instances running this at once each take different rows.
 * The hold goes in as seconds: make_interval's `hours` takes only an integer, and holds may be 0.5.
 */
export async function expireUnpaidOrders(db: Db, holdHours: number, batch = 500): Promise<number> {
  const result = (await db.execute(sql`
    with expired as (
      select id from ${orders}
      where not paid and cancelled_at is null and created_at < now() - make_interval(secs => ${holdHours * 3600}::float8)
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
