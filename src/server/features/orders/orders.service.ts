import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS, ORDER_TOTAL_TOO_LARGE, orderTotalCents, toDollars } from '#shared/money.ts';
import {
  availableQuantityMessage,
  MINIMUM_QUANTITY_MESSAGE,
  type Order,
  type OrderStatus,
  type PurchaseInput,
  type PurchaseResult,
} from '#shared/schemas/order.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { type Db, runPrepared, violates } from '#server/db/client.ts';
import { mailOutbox, orders, tools } from '#server/db/schema.ts';
import { Conflict, Invalid, NotFound } from '#server/domain-errors.ts';
import { record, type Actor } from '#server/features/audit/audit.service.ts';
import { orderFacts, orderFactsJson } from '#server/features/mail/mail-templates.ts';
import { enqueueMail } from '#server/features/mail/outbox.service.ts';
import type { PaymentGateway } from '#server/features/payments/gateways/gateway.ts';
import { markPaid } from '#server/features/payments/payments.service.ts';

export type OrderRow = typeof orders.$inferSelect;

/** An order row as the API shows it (the admin lists and the CSV too). */
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
    // Kept by the database from the row's facts (orders.status, a generated column).
    status: row.status as OrderStatus,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order as its customer sees it: with the moment an unpaid one is cancelled unless paid. */
function toCustomerOrder(row: OrderRow): Order {
  const order = toOrder(row);
  return { ...order, payBy: order.status === 'unpaid' ? (row.payBy?.toISOString() ?? null) : null };
}

/** An order's hold is over at its pay_by itself: the expiry and a cancel's mail judge it alike. */
const pastHold = sql<boolean>`${orders.payBy} <= now()`;

/** How long an order was held (its pay_by − created_at), in hours, as its mails word it. */
const holdHoursOf = (row: Pick<OrderRow, 'createdAt' | 'payBy'>) =>
  (row.payBy!.getTime() - row.createdAt.getTime()) / 3_600_000;

/** holdHoursOf() in SQL, of `from` (a relation with the columns of orders). */
const holdHoursJson = (from: string) =>
  sql`jsonb_build_object('holdHours', extract(epoch from ${sql.identifier(from)}.pay_by - ${sql.identifier(from)}.created_at) / 3600)`;

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
 * The order's hold ends ORDER_HOLD_HOURS after it is placed, by the database's clock (pay_by); it
 * goes in as seconds, since make_interval's `hours` takes only an integer and holds may be 0.5.
 * The 'order placed' mail is written to the outbox by the same statement. It is planned on every
 * call (unnamed): a plan kept per connection, made while the tables were empty, read every open
 * order of the store to find the buyer's (decision 007, 26 Nov 2026).
 * When nothing was placed, a second read says why: no such tool, under the minimum, already
 * open, or out of stock.
 */
export async function purchase(
  db: Db,
  buyer: CurrentUser,
  toolId: string,
  input: Omit<PurchaseInput, 'toolsId'>,
  holdHours: number,
): Promise<PurchaseResult> {
  const { quantity } = input;
  let placed: { id: string } | undefined;
  try {
    [placed] = await runPrepared<{ id: string }>(
      db,
      null,
      sql`
      with tool as (
        select id, name, price_cents, img from ${tools}
        where id = ${toolId} and archived_at is null and minimum_order <= ${quantity}
          and price_cents * ${quantity} <= ${MAX_ORDER_TOTAL_CENTS}
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
      , placed as (
        insert into ${orders}
          (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, pay_by)
        select tool.id, ${buyer.id}, ${buyer.name}, ${buyer.email}, ${input.phone}, ${input.address},
          tool.name, tool.price_cents, tool.img, ${quantity},
          now() + make_interval(secs => ${holdHours * 3600}::float8)
        from tool join taken on taken.id = tool.id
        returning id, name, email, product_name, product_price_cents, quantity, created_at, pay_by
      ), mailed as (
        -- The 'order placed' mail (MailData['order_placed']), in the same statement as the order.
        insert into ${mailOutbox} (kind, "to", data)
        select 'order_placed', email, ${orderFactsJson('placed')} || ${holdHoursJson('placed')}
        from placed
      )
      select id from placed`,
    );
  } catch (err) {
    if (violates(err, ONE_OPEN_ORDER)) return { acknowledged: false };
    throw err;
  }
  if (placed) return { acknowledged: true, insertedId: placed.id };

  const [tool] = await db
    .select({ minimumOrder: tools.minimumOrder, left: tools.availableQuantity, priceCents: tools.priceCents })
    .from(tools)
    .where(and(eq(tools.id, toolId), isNull(tools.archivedAt)));
  if (!tool) throw new NotFound('No tool with this id.');
  if (quantity < tool.minimumOrder) {
    throw new Invalid({ quantity: `${MINIMUM_QUANTITY_MESSAGE}: order at least ${tool.minimumOrder}.` });
  }
  if (orderTotalCents(tool.priceCents, quantity) > MAX_ORDER_TOTAL_CENTS) {
    throw new Invalid({ quantity: ORDER_TOTAL_TOO_LARGE });
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
  throw new Conflict('out_of_stock', `${availableQuantityMessage(tool.left)}.`, {
    quantity: availableQuantityMessage(tool.left),
  });
}

/** The customer's orders, newest first; cancelled ones are not listed. */
export async function listOrdersOf(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.cancelledAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toCustomerOrder);
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
  return toCustomerOrder(row);
}

/**
 * Closes an unpaid order: its intent is canceled at the gateway first, so that no payment can
 * succeed afterwards, and only then is the order cancelled and its stock returned (exactly once, by
 * a guarded UPDATE). An intent that succeeded meanwhile makes the order paid instead: the money was
 * taken. Its buyer is mailed in the same transaction why it closed: they cancelled it ('owner') or
 * its hold expired. A close that reconciliation finishes (one killed half-way, after its intent was
 * canceled) is told by the order's hold end which of the two it was: only an expiry closes an order
 * past it (by the database's clock, as the expiry reads it).
 * Answers what became of the order.
 */
async function closeUnpaidOrder(
  db: Db,
  gateway: PaymentGateway,
  order: Pick<OrderRow, 'id' | 'paymentIntentId'>,
  reason: 'owner' | 'expired' | 'abandoned',
): Promise<'cancelled' | 'paid' | 'processing' | 'changed'> {
  if (order.paymentIntentId) {
    const intent = await gateway.cancelIntent(order.paymentIntentId);
    if (intent.status === 'succeeded') {
      await markPaid(db, gateway, order.id, intent.id).catch(() => undefined);
      const [now] = await db.select({ paid: orders.paid }).from(orders).where(eq(orders.id, order.id));
      return now?.paid ? 'paid' : 'changed';
    }
    if (intent.status !== 'canceled') return 'processing';
  }
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ cancelledAt: sql`now()` })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.paid, false),
          isNull(orders.cancelledAt),
          // A second intent made meanwhile has not been canceled: the caller tries again.
          sql`${orders.paymentIntentId} is not distinct from ${order.paymentIntentId}`,
        ),
      )
      .returning({ ...getTableColumns(orders), pastHold });
    if (!cancelled) return 'changed';
    await tx
      .update(tools)
      .set({ availableQuantity: sql`${tools.availableQuantity} + ${cancelled.quantity}` })
      .where(eq(tools.id, cancelled.toolId));
    const facts = { ...orderFacts(cancelled), toolId: cancelled.toolId };
    await enqueueMail(
      tx,
      reason === 'expired' || (reason === 'abandoned' && cancelled.pastHold)
        ? {
            kind: 'order_expired',
            to: cancelled.email,
            data: { ...facts, holdHours: holdHoursOf(cancelled) },
          }
        : { kind: 'order_cancelled', to: cancelled.email, data: facts },
    );
    return 'cancelled';
  });
}

/**
 * Finishes closing open orders whose payment intent was canceled (reconcilePayments finds them): a
 * cancel or an expiry that canceled the intent and stopped before the order, killed in between. No
 * one can pay such an order, so its stock is returned now rather than at the end of its hold, and
 * its buyer gets the mail the cancel or the expiry would have sent. Answers how many were cancelled.
 */
export async function closeAbandonedOrders(
  db: Db,
  gateway: PaymentGateway,
  abandoned: Pick<OrderRow, 'id' | 'paymentIntentId'>[],
): Promise<number> {
  let n = 0;
  for (const order of abandoned) {
    if ((await closeUnpaidOrder(db, gateway, order, 'abandoned')) === 'cancelled') n++;
  }
  return n;
}

/**
 * Cancels the owner's unpaid order (and its payment intent) and returns its stock, exactly once; the
 * 'order cancelled' mail says so, since the 'order placed' one still offers to pay for it.
 */
export async function cancelOrder(
  db: Db,
  gateway: PaymentGateway,
  ownerId: string,
  id: string,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row || row.userId !== ownerId) throw new NotFound('No such order.');
    if (row.cancelledAt) throw new Conflict('order_cancelled', 'This order is already cancelled.');
    if (row.paid) throw new Conflict('order_paid', 'This order is paid and cannot be cancelled.');
    const outcome = await closeUnpaidOrder(db, gateway, row, 'owner');
    if (outcome === 'cancelled') return;
    if (outcome === 'processing') {
      throw new Conflict(
        'payment_processing',
        'A payment for this order is being processed; try again shortly.',
      );
    }
  }
  throw new Conflict('order_changed', 'This order changed meanwhile; reload and try again.');
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
        and(
          eq(orders.id, id),
          eq(orders.paid, true),
          eq(orders.shiftNow, false),
          isNull(orders.cancelledAt),
          isNull(orders.refundedAt),
        ),
      )
      .returning();
    if (row) {
      await record(tx, actor, 'order.ship', id);
      await enqueueMail(tx, { kind: 'order_shipped', to: row.email, data: orderFacts(row) });
      return 1;
    }
    const [now] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!now) throw new NotFound('No such order.');
    if (now.cancelledAt)
      throw new Conflict('order_cancelled', 'This order was cancelled and cannot be shipped.');
    if (!now.paid) throw new Conflict('order_unpaid', 'Only paid orders can be shipped.');
    if (now.refundedAt)
      throw new Conflict('order_refunded', 'This order was refunded and cannot be shipped.');
    return 0;
  });
}

/**
 * Refunds a paid order that has not shipped: one guarded UPDATE makes exactly one of racing refunds
 * (and of a refund racing a shipment) the transition; the stock returns and the audit entry is
 * written in the same transaction. The gateway is asked after the commit, with a key per order so a
 * retry is the same refund; if it fails, the reconciliation pass asks again (refundPendingPayments).
 */
export async function refundOrder(db: Db, gateway: PaymentGateway, actor: Actor, id: string): Promise<Order> {
  const refunded = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ refundedAt: new Date() })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.paid, true),
          eq(orders.shiftNow, false),
          isNull(orders.refundedAt),
          isNull(orders.cancelledAt),
        ),
      )
      .returning();
    if (row) {
      await tx
        .update(tools)
        .set({ availableQuantity: sql`${tools.availableQuantity} + ${row.quantity}` })
        .where(eq(tools.id, row.toolId));
      await record(tx, actor, 'order.refund', id, {
        transactionId: row.transactionId,
        cents: orderTotalCents(row.productPriceCents, row.quantity),
      });
      await enqueueMail(tx, {
        kind: 'order_refunded',
        to: row.email,
        data: { ...orderFacts(row), transactionId: row.transactionId },
      });
      return row;
    }
    const [now] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!now) throw new NotFound('No such order.');
    if (now.cancelledAt)
      throw new Conflict('order_cancelled', 'This order was cancelled and cannot be refunded.');
    if (now.refundedAt) throw new Conflict('order_refunded', 'This order is already refunded.');
    if (now.shiftNow) throw new Conflict('order_shipped', 'A shipped order cannot be refunded.');
    throw new Conflict('order_unpaid', 'Only paid orders can be refunded.');
  });
  const refundId = await returnMoney(db, gateway, refunded).catch(() => null);
  return toOrder({ ...refunded, refundId });
}

/** Asks the gateway to refund a refunded order's payment, and notes the gateway's refund id. */
async function returnMoney(db: Db, gateway: PaymentGateway, order: OrderRow): Promise<string> {
  const { id: refundId } = await gateway.refund(order.transactionId!, `refund-order-${order.id}`);
  await db.update(orders).set({ refundId }).where(eq(orders.id, order.id));
  return refundId;
}

/** Refunds recorded whose money the gateway has not confirmed returning (it failed, or we crashed). */
export async function refundPendingPayments(db: Db, gateway: PaymentGateway, batch = 100): Promise<number> {
  const pending = await db
    .select()
    .from(orders)
    .where(and(sql`${orders.refundedAt} is not null`, isNull(orders.refundId)))
    .limit(batch);
  let done = 0;
  for (const order of pending) {
    if (
      await returnMoney(db, gateway, order).then(
        () => true,
        () => false,
      )
    )
      done++;
  }
  return done;
}

/**
 * Cancels unpaid orders past their hold end (pay_by, by the database's clock), returns their stock
 * and tells their buyers (the 'order expired' mail, written with the cancel, wording the hold the
 * order was placed under). Orders that never got a
 * payment intent go in one statement (rows claimed with FOR UPDATE SKIP LOCKED, so instances
 * running this at once take different rows). Orders with an intent are closed one by one through
 * the gateway (closeUnpaidOrder): one whose intent succeeded becomes paid, never cancelled.
 */
export async function expireUnpaidOrders(db: Db, gateway: PaymentGateway, batch = 500): Promise<number> {
  const result = (await db.execute(sql`
    with expired as (
      select id from ${orders}
      where not paid and cancelled_at is null and payment_intent_id is null
        and ${pastHold}
      order by pay_by
      limit ${batch}
      for update skip locked
    ), cancelled as (
      update ${orders} o set cancelled_at = now()
      from expired e where o.id = e.id and o.payment_intent_id is null
      returning o.id, o.tool_id, o.quantity, o.name, o.email, o.product_name, o.product_price_cents,
        o.created_at, o.pay_by
    ), mailed as (
      -- The 'order expired' mail (MailData['order_expired']), in the same statement as the cancel.
      insert into ${mailOutbox} (kind, "to", data)
      select 'order_expired', email, ${orderFactsJson('cancelled')} || ${holdHoursJson('cancelled')}
        || jsonb_build_object('toolId', tool_id)
      from cancelled
    ), restocked as (
      update ${tools} t set available_quantity = t.available_quantity + s.q
      from (select tool_id, sum(quantity)::int as q from cancelled group by tool_id) s
      where t.id = s.tool_id
      returning t.id
    )
    select count(*)::int as n from cancelled`)) as unknown as { rows: { n: number }[] };
  let n = Number(result.rows[0]?.n ?? 0);
  const withIntent = await db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(
      and(
        eq(orders.paid, false),
        isNull(orders.cancelledAt),
        sql`${orders.paymentIntentId} is not null`,
        pastHold,
      ),
    )
    .orderBy(orders.payBy)
    .limit(batch);
  for (const order of withIntent) {
    if ((await closeUnpaidOrder(db, gateway, order, 'expired')) === 'cancelled') n++;
  }
  return n;
}
