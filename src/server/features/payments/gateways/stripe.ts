import Stripe from 'stripe';
import { CURRENCY, type PaymentGateway, type PaymentIntent } from './gateway.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Only for tests against a local imitation of Stripe's API (its servers are unreachable here). */
  apiBase: string | undefined;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const known = [
    'succeeded',
    'processing',
    'requires_payment_method',
    'requires_action',
    'canceled',
  ] as const;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: (known as readonly string[]).includes(pi.status)
      ? (pi.status as PaymentIntent['status'])
      : 'other',
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: pi.metadata?.orderId,
  };
}

/** Stripe PaymentIntents: the browser confirms with Stripe.js, so card data never reaches us. */
export function createStripeGateway(stripe: Stripe, settings: StripeSettings): PaymentGateway {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent(order) {
      // One intent per order and amount: a retried or concurrent call gets the same intent back.
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountCents,
          currency: CURRENCY,
          allowed_payment_method_types: ['card'],
          receipt_email: order.email,
          metadata: { orderId: order.id },
        },
        { idempotencyKey: `order-${order.id}-${order.amountCents}` },
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return undefined;
        throw err;
      }
    },

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        // Succeeded (or already canceled) intents cannot be canceled: answer how it stands.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'payment_intent_unexpected_state'
        ) {
          return toIntent(await stripe.paymentIntents.retrieve(id));
        }
        throw err;
      }
    },

    async refund(intentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}
