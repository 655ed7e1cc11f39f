import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { OrderId } from '#shared/schemas/order.ts';
import { DomainError } from '#server/domain-errors.ts';
import { HttpError } from '#server/http/errors.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { markPaid, refundStrayPayment } from './payments.service.ts';

/** What this route reads of a payment_intent.succeeded event. */
const SucceededEvent = z.object({
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(255),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    }),
  }),
});

export interface StripeWebhookOptions {
  gateway: PaymentGateway;
  client: Stripe;
  webhookSecret: string;
}

/** Stripe's word that a payment succeeded: the same paid transition as PATCH /order/{id}. */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (
  hook,
  { gateway, client, webhookSecret },
) => {
  // Stripe signs the exact bytes it sends: this route keeps the body raw.
  hook.removeContentTypeParser('application/json');
  hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  hook.post('/webhooks/stripe', { schema: { hide: true } }, async (req, reply) => {
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(
        req.body as Buffer,
        String(req.headers['stripe-signature'] ?? ''),
        webhookSecret,
      );
    } catch {
      throw new HttpError(400, 'bad_signature', 'The webhook signature does not match.');
    }
    if (event.type === 'payment_intent.succeeded') {
      // Signed yet not the event Stripe documents: no retry would make it readable.
      const parsed = SucceededEvent.safeParse(event);
      if (!parsed.success) {
        throw new HttpError(400, 'bad_event', 'The webhook event carries no payment intent.');
      }
      const intent = parsed.data.data.object;
      const orderId = OrderId.safeParse(intent.metadata?.orderId);
      if (orderId.success) {
        try {
          await markPaid(hook.db, gateway, orderId.data, intent.id);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          const stray = await refundStrayPayment(hook.db, gateway, orderId.data, intent.id);
          const facts = { orderId: orderId.data, intent: intent.id, reason: err.code };
          if (stray.outcome === 'unknown') {
            // Another store's payment on the same Stripe account: answered 200 so Stripe stops.
            req.log.info(facts, 'payment for no order of this store left alone');
          } else if (stray.outcome === 'foreign') {
            req.log.warn(facts, 'payment this store did not make for the order left alone');
          } else if (stray.outcome === 'refunded') {
            // Money arrived for an order that is closed or paid otherwise: it went back at once.
            req.log.warn({ ...facts, refundId: stray.refundId }, 'payment for a closed order refunded');
          } else {
            req.log.warn(facts, 'payment needs attention');
          }
        }
      }
    }
    return reply.send({ received: true });
  });
};
