import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cardProblems, type CardInput } from '#shared/card.ts';
import type { Db } from '#server/db/client.ts';
import { sandboxPaymentIntents } from '#server/db/schema.ts';
import { NotFound, PaymentDeclined } from '#server/domain-errors.ts';
import { CURRENCY, type PaymentGateway, type PaymentIntent } from './gateway.ts';

type Row = typeof sandboxPaymentIntents.$inferSelect;

function toIntent(row: Row): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
  };
}

/** Stripe's test cards that fail, with Stripe's own codes and messages. */
const DECLINES: Record<string, { code: string; message: string }> = {
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

    async retrieveIntent(id) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row && toIntent(row);
    },

    async confirm(clientSecret, card) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      if (!row) throw new NotFound('No such payment.');
      if (row.status === 'succeeded') return toIntent(row);
      const today = now();
      const problems = cardProblems(card, today);
      if (problems.number) throw decline('incorrect_number', problems.number);
      if (problems.expiry) throw decline('expired_card', problems.expiry);
      if (problems.cvc) throw decline('incorrect_cvc', problems.cvc);
      const failure = DECLINES[card.number.replace(/\D/g, '')];
      if (failure) throw decline(failure.code, failure.message);
      const [done] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', succeededAt: today })
        .where(eq(sandboxPaymentIntents.id, row.id))
        .returning();
      return toIntent(done!);
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
