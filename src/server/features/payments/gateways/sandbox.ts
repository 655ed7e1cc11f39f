import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { cardProblems, type CardInput } from '#shared/card.ts';
import type { Db } from '#server/db/client.ts';
import { orders, sandboxPaymentIntents } from '#server/db/schema.ts';
import { Conflict, NotFound, PaymentDeclined } from '#server/domain-errors.ts';
import { CURRENCY, type PaymentGateway, type PaymentIntent } from './gateway.ts';

type Row = typeof sandboxPaymentIntents.$inferSelect;

function toIntent(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status === 'succeeded' || row.status === 'canceled' ? row.status : 'requires_payment_method',
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
  };
}

/**
 * Stripe's test cards that fail, with Stripe's own codes and messages. The sandbox has no 3-D Secure
 * step: the cards that ask for one are declined as Stripe declines an authentication not done.
 */
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000002760003184': {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  '4000002500003155': {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: 'Your card’s security code is incorrect.' },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

const decline = (code: string, message: string) => new PaymentDeclined(code, message);
const closed = () => new Conflict('order_closed', 'This order is closed and can no longer be paid.');
// Stripe's refusal of a second confirmation: a paid intent is never reported as paid again, and
// never looks at the card it was given (a declining card included).
const alreadySucceeded = () =>
  new Conflict(
    'payment_intent_unexpected_state',
    'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
  );

/**
 * The default gateway: behaves like Stripe in test mode, inside the server, so a store with no
 * Stripe account still takes a payment end to end. Card data is checked and forgotten: never
 * stored, never logged.
 */
export function createSandboxGateway(
  db: Db,
  now = () => new Date(),
): PaymentGateway & {
  confirm(clientSecret: string, card: CardInput): Promise<PaymentIntent>;
} {
  async function byOrder(orderId: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, orderId));
    return row;
  }
  async function retrieve(id: string) {
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    return row && toIntent(row);
  }
  return {
    name: 'sandbox',
    publishableKey: undefined,

    async createIntent(order) {
      const existing = await byOrder(order.id);
      if (existing) return toIntent(existing);
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          orderId: order.id,
          amountCents: order.amountCents,
          currency: CURRENCY,
        })
        .onConflictDoNothing();
      // A concurrent call for the same order may have won: answer whichever was stored.
      return toIntent((await byOrder(order.id))!);
    },

    retrieveIntent: retrieve,

    async confirm(clientSecret, card) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      if (!row) throw new NotFound('No such payment.');
      if (row.status === 'succeeded') throw alreadySucceeded();
      if (row.status === 'canceled') throw closed();
      const today = now();
      const problems = cardProblems(card, today);
      if (problems.number) throw decline('incorrect_number', problems.number);
      if (problems.expiry) throw decline('expired_card', problems.expiry);
      if (problems.cvc) throw decline('incorrect_cvc', problems.cvc);
      const failure = DECLINES[card.number.replace(/\D/g, '')];
      if (failure) throw decline(failure.code, failure.message);
      // One guarded statement: an intent canceled meanwhile, or whose order was closed, stays unpaid.
      const [done] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', succeededAt: today })
        .where(
          and(
            eq(sandboxPaymentIntents.id, row.id),
            eq(sandboxPaymentIntents.status, 'requires_payment_method'),
            sql`exists (select 1 from ${orders} o where o.id = ${sandboxPaymentIntents.orderId}
              and not o.paid and o.cancelled_at is null)`,
          ),
        )
        .returning();
      if (done) return toIntent(done);
      // A racing confirmation won: this one charged nothing and is refused as a second one is.
      const after = await retrieve(row.id);
      if (after?.status === 'succeeded') throw alreadySucceeded();
      throw closed();
    },

    async cancelIntent(id) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled' })
        .where(
          and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')),
        );
      const after = await retrieve(id);
      if (!after) throw new NotFound('No such payment.');
      return after;
    },

    async refund(intentId) {
      // One full refund per intent: a second call answers the first refund.
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({
          refundId: sql`coalesce(${sandboxPaymentIntents.refundId}, ${`re_sandbox_${randomBytes(12).toString('hex')}`})`,
          refundedAt: sql`coalesce(${sandboxPaymentIntents.refundedAt}, now())`,
        })
        .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, 'succeeded')))
        .returning({ refundId: sandboxPaymentIntents.refundId });
      if (!row?.refundId) throw new Conflict('payment_not_refundable', 'This payment has not succeeded.');
      return { id: row.refundId };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
