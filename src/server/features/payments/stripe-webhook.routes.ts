import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { OrderId } from '#shared/schemas/order.ts';
import { DomainError } from '#server/domain-errors.ts';
import { HttpError } from '#server/http/errors.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { markPaid, refundStrayPayment } from './payments.service.ts';

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
      const intent = event.data.object;
      const orderId = OrderId.safeParse(intent.metadata?.orderId);
      if (orderId.success) {
        try {
          await markPaid(hook.db, gateway, orderId.data, intent.id);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          // Money arrived for an order that is closed or paid otherwise: it goes back at once.
          const refundId = await refundStrayPayment(hook.db, gateway, orderId.data, intent.id);
          req.log.warn(
            { orderId: orderId.data, intent: intent.id, reason: err.code, refundId },
            refundId ? 'payment for a closed order refunded' : 'payment needs attention',
          );
        }
      }
    }
    return reply.send({ received: true });
  });
};
