import { and, eq, isNull } from 'drizzle-orm';
import type { CardInput } from '#shared/card.ts';
import { orderTotalCents, toCents } from '#shared/money.ts';
import type { PaymentIntentResult } from '#shared/schemas/payment.ts';
import type { Db } from '#server/db/client.ts';
import { orders, sandboxPaymentIntents } from '#server/db/schema.ts';
import { Conflict, NotFound } from '#server/domain-errors.ts';
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

/** One intent per order, for the amount the server computes (DESIGN §5.5); reused on every call. */
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
  if (!intent || intent.amountCents !== amountCents || intent.status === 'canceled') {
    intent = await gateway.createIntent({ id: order.id, amountCents, email: order.email });
    await db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, order.id));
  }
  return { clientSecret: intent.clientSecret, gateway: gateway.name, publishableKey: gateway.publishableKey };
}

/**
 * Marks an order paid once the gateway confirms that this payment succeeded, for this order and
 * this amount. The one path for the client's PATCH and the provider's webhook; idempotent, and the
 * guarded UPDATE makes exactly one of any number of racing calls the paid transition.
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
  const [updated] = await db
    .update(orders)
    .set({ paid: true, transactionId, paidAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.paid, false), isNull(orders.cancelledAt)))
    .returning({ id: orders.id });
  if (updated) return { transactionId, changed: true };
  // Someone else got there first (a racing webhook or retry): same payment is fine.
  const now = await openOrder(db, order.id);
  if (now?.paid && now.transactionId === transactionId) return { transactionId, changed: false };
  throw conflict('order_closed', 'This order can no longer be paid.');
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
