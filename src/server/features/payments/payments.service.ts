import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CardInput } from '#shared/card.ts';
import { orderTotalCents, toCents } from '#shared/money.ts';
import type { PaymentIntentResult } from '#shared/schemas/payment.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { DEMO_EMAILS } from '#server/auth/account-rules.ts';
import { user } from '#server/db/auth-schema.ts';
import { counters, orders, sandboxPaymentIntents } from '#server/db/schema.ts';
import { Conflict, DomainError, NotFound } from '#server/domain-errors.ts';
import { record, SYSTEM } from '#server/features/audit/audit.service.ts';
import { orderFacts } from '#server/features/mail/mail-templates.ts';
import { enqueueMail } from '#server/features/mail/outbox.service.ts';
import { CURRENCY, type PaymentGateway, type PaymentIntent } from './gateways/gateway.ts';
import type { SandboxGateway } from './gateways/sandbox.ts';

const conflict = (code: string, message: string) => new Conflict(code, message);

async function openOrder(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.cancelledAt)));
  return row;
}

/**
 * One intent per order, for the amount the server computes (DESIGN §5.5); reused on every call. An
 * order whose intent already succeeded is marked paid (markPaid) and answered 409 order_paid.
 */
export async function createPaymentIntent(
  db: Db,
  gateway: PaymentGateway,
  ownerId: string,
  input: { orderId: string; subTotal?: number | undefined },
): Promise<PaymentIntentResult> {
  const order = await openOrder(db, input.orderId);
  if (!order || order.userId !== ownerId) throw new NotFound('No such order.');
  if (order.paid) throw conflict('order_paid', 'This order is already paid.');
  const amountCents = orderTotalCents(order.productPriceCents, order.quantity);
  if (input.subTotal !== undefined && toCents(input.subTotal) !== amountCents) {
    throw conflict('amount_mismatch', 'The amount does not match the order. Reload the page and try again.');
  }
  let intent = order.paymentIntentId ? await gateway.retrieveIntent(order.paymentIntentId) : undefined;
  // Charged, but the page's PATCH never got through (a dropped connection): the order is settled
  // here as the PATCH would have, and answered as paid; a paid intent is never handed out to pay.
  if (intent?.status === 'succeeded') {
    await markPaid(db, gateway, order.id, intent.id);
    throw conflict('order_paid', 'This order is already paid.');
  }
  if (!intent || intent.amountCents !== amountCents || intent.status === 'canceled') {
    intent = await gateway.createIntent({ id: order.id, amountCents, email: order.email });
    const [kept] = await db
      .update(orders)
      .set({ paymentIntentId: intent.id })
      .where(and(eq(orders.id, order.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .returning({ id: orders.id });
    // Closed meanwhile: the new intent must never take money.
    if (!kept) {
      await gateway.cancelIntent(intent.id);
      throw conflict('order_closed', 'This order is closed and can no longer be paid.');
    }
  }
  return { clientSecret: intent.clientSecret, gateway: gateway.name, publishableKey: gateway.publishableKey };
}

/**
 * Marks an order paid once the gateway confirms that this payment succeeded, for this order and
 * this amount. The one path for the client's PATCH and the provider's webhook; idempotent, and the
 * guarded UPDATE makes exactly one of any number of racing calls the paid transition. That
 * transition's transaction numbers the receipt and writes the receipt mail and the admins' 'new
 * paid order' mails to the outbox, so every path that pays (PATCH, webhook, reconciliation, the
 * hold expiry) mails once.
 */
export async function markPaid(
  db: Db,
  gateway: PaymentGateway,
  orderId: string,
  transactionId: string,
  ownerId?: string,
): Promise<{ transactionId: string; changed: boolean }> {
  const order = await openOrder(db, orderId);
  if (!order || (ownerId !== undefined && order.userId !== ownerId)) throw new NotFound('No such order.');
  if (order.paid) {
    if (order.transactionId === transactionId) return { transactionId, changed: false };
    throw conflict('order_paid', 'This order is already paid.');
  }
  const intent = await gateway.retrieveIntent(transactionId);
  const amountCents = orderTotalCents(order.productPriceCents, order.quantity);
  if (!intent || intent.orderId !== order.id) {
    throw conflict('payment_mismatch', 'This payment does not belong to this order.');
  }
  if (intent.status !== 'succeeded') throw conflict('payment_incomplete', 'This payment has not succeeded.');
  if (intent.amountCents !== amountCents || intent.currency !== CURRENCY) {
    throw conflict('amount_mismatch', 'This payment is not for the amount of the order.');
  }
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ paid: true, transactionId, paidAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
      .returning();
    if (!updated) return false;
    // The receipt and the admins' notice go with the transition itself, exactly once.
    const receiptNumber = await nextNumber(tx, 'receipt');
    await tx.update(orders).set({ receiptNumber }).where(eq(orders.id, order.id));
    const facts = { ...orderFacts(updated), transactionId, receiptNumber };
    const admins = await tx
      .select({ email: user.email })
      .from(user)
      .where(sql`${user.role} = 'admin'`);
    await enqueueMail(
      tx,
      {
        kind: 'payment_receipt',
        to: updated.email,
        data: { ...facts, paidAt: (updated.paidAt ?? new Date()).toISOString() },
      },
      // The demo admin's made-up address gets no mail, as at sign-up.
      ...admins
        .filter((a) => !DEMO_EMAILS.has(a.email.toLowerCase()))
        .map((a) => ({
          kind: 'new_paid_order' as const,
          to: a.email,
          data: { ...facts, email: updated.email },
        })),
    );
    return true;
  });
  if (changed) return { transactionId, changed: true };
  // Someone else got there first (a racing webhook or retry): same payment is fine.
  const now = await openOrder(db, order.id);
  if (now?.paid && now.transactionId === transactionId) return { transactionId, changed: false };
  throw conflict('order_closed', 'This order can no longer be paid.');
}

/**
 * The next number of a gap-free sequence (receipts), taken by an UPDATE in the caller's transaction:
 * the row stays locked until it commits, and a rollback gives the number back.
 */
async function nextNumber(tx: Tx, name: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

/** The sandbox gateway's card confirmation, for the owner of the intent's order only. */
export async function confirmSandboxPayment(
  db: Db,
  sandbox: SandboxGateway,
  ownerId: string,
  clientSecret: string,
  card: CardInput,
): Promise<PaymentIntent> {
  const [owner] = await db
    .select({ userId: orders.userId })
    .from(sandboxPaymentIntents)
    .innerJoin(orders, eq(orders.id, sandboxPaymentIntents.orderId))
    .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
  if (!owner || owner.userId !== ownerId) throw new NotFound('No such payment.');
  return sandbox.confirm(clientSecret, card);
}

/**
 * What became of a payment the webhook could not mark paid:
 * - `unknown`: its metadata names no order of this store. Stripe sends every event of the account
 *   to every endpoint, so this is another store's (a staging or live twin, another app): left alone.
 * - `foreign`: the order is here, but this store never made this intent for it (not the order's
 *   intent nor the payment that paid it): another store naming the same order id, left alone too.
 * - `refunded`: this store's payment for an order that is closed (cancelled, refunded, or paid by
 *   another payment): returned at once and audited, so the money never stays without an order.
 * - `kept`: the order is open, or paid by this very payment: nothing to return.
 */
export type StrayPayment =
  { outcome: 'unknown' | 'foreign' | 'kept' } | { outcome: 'refunded'; refundId: string };

export async function refundStrayPayment(
  db: Db,
  gateway: PaymentGateway,
  orderId: string,
  intentId: string,
): Promise<StrayPayment> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { outcome: 'unknown' };
  // createPaymentIntent records every intent it makes on the order before anyone can pay it.
  if (order.paymentIntentId !== intentId && order.transactionId !== intentId) return { outcome: 'foreign' };
  const closed = order.cancelledAt || order.refundedAt || (order.paid && order.transactionId !== intentId);
  if (!closed) return { outcome: 'kept' };
  const { id } = await gateway.refund(intentId, `refund-stray-${intentId}`);
  // A redelivered webhook: the gateway answered the same refund, already noted and audited.
  if (order.refundId === id) return { outcome: 'refunded', refundId: id };
  if (order.cancelledAt) await db.update(orders).set({ refundId: id }).where(eq(orders.id, orderId));
  await record(db, SYSTEM, 'payment.refund', orderId, { intentId, refundId: id, reason: 'order closed' });
  return { outcome: 'refunded', refundId: id };
}

/**
 * The reconciliation pass (DESIGN §3b): unpaid open orders whose intent succeeded at the gateway
 * (the customer's PATCH never came: a closed tab, a crash) become paid. Each order is claimed by a
 * lease (payment_checked_at, taken with FOR UPDATE SKIP LOCKED), so instances running the pass at
 * once ask about different orders, and each order is asked about at most once a minute. Answers
 * how many became paid, and the open orders whose intent was canceled: a close that canceled the
 * intent but stopped before the order (a crash), which the orders' pass finishes.
 */
export async function reconcilePayments(
  db: Db,
  gateway: PaymentGateway,
  batch = 200,
): Promise<{ settled: number; abandoned: { id: string; paymentIntentId: string }[] }> {
  const claimed = (await db.execute(sql`
    update ${orders} o set payment_checked_at = now()
    where o.id in (
      select id from ${orders}
      where not paid and cancelled_at is null and payment_intent_id is not null
        and (payment_checked_at is null or payment_checked_at < now() - interval '50 seconds')
      limit ${batch}
      for update skip locked
    )
    returning o.id, o.payment_intent_id`)) as unknown as {
    rows: { id: string; payment_intent_id: string }[];
  };
  let settled = 0;
  const abandoned: { id: string; paymentIntentId: string }[] = [];
  for (const { id, payment_intent_id: intentId } of claimed.rows) {
    const intent = await gateway.retrieveIntent(intentId);
    if (intent?.status === 'canceled') abandoned.push({ id, paymentIntentId: intentId });
    if (intent?.status !== 'succeeded') continue;
    try {
      if ((await markPaid(db, gateway, id, intent.id)).changed) settled++;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return { settled, abandoned };
}
