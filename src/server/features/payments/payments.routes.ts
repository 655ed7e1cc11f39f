import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import {
  CreatePaymentIntentInput,
  MarkPaidInput,
  MarkPaidResult,
  PaymentIntentResult,
  SandboxConfirmInput,
  SandboxConfirmResult,
} from '#shared/schemas/payment.ts';
import { OrderId } from '#shared/schemas/order.ts';
import { eq } from 'drizzle-orm';
import { orders, sandboxPaymentIntents } from '#server/db/schema.ts';
import type { PaymentGateway } from '#server/payments/gateway.ts';
import type { SandboxGateway } from '#server/payments/sandbox.ts';
import { HttpError, notFound } from '#server/plugins/errors.ts';
import { createPaymentIntent, markPaid } from './payments.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const security = [{ bearer: [] }];

export interface PaymentsOptions {
  gateway: PaymentGateway;
  /** Present when the sandbox gateway runs. */
  sandbox: SandboxGateway | undefined;
  /** Present when the Stripe gateway runs with a webhook secret. */
  stripe: { client: Stripe; webhookSecret: string | undefined } | undefined;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsOptions> = async (
  app,
  { gateway, sandbox, stripe },
) => {
  app.post(
    '/create-payment-intent',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'The payment intent of an unpaid order (amount decided by the server)',
        security,
        body: CreatePaymentIntentInput,
        response: { 200: PaymentIntentResult, ...errors },
      },
    },
    async (req) => createPaymentIntent(app.db, gateway, req.user!.id, req.body),
  );

  app.patch(
    '/order/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Record a successful payment; checked with the gateway before the order is paid',
        security,
        params: z.object({ id: z.string().max(100) }),
        body: MarkPaidInput,
        response: { 200: MarkPaidResult, ...errors },
      },
    },
    async (req) => {
      const id = OrderId.safeParse(req.params.id);
      if (!id.success) throw notFound('No such order.');
      if (req.body.appointment !== undefined && req.body.appointment !== id.data) {
        throw new HttpError(409, 'order_mismatch', 'The payment names another order.');
      }
      const { transactionId } = await markPaid(
        app.db,
        gateway,
        id.data,
        req.body.transactionId,
        req.user!.id,
      );
      return { acknowledged: true, transactionId };
    },
  );

  if (sandbox) {
    app.post(
      '/payments/sandbox/confirm',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['payments'],
          summary: "The sandbox gateway's card confirmation (Stripe test cards); card data is never kept",
          security,
          body: SandboxConfirmInput,
          response: { 200: SandboxConfirmResult, 402: ApiError, ...errors },
        },
      },
      async (req) => {
        const [owner] = await app.db
          .select({ userId: orders.userId })
          .from(sandboxPaymentIntents)
          .innerJoin(orders, eq(orders.id, sandboxPaymentIntents.orderId))
          .where(eq(sandboxPaymentIntents.clientSecret, req.body.clientSecret));
        if (!owner || owner.userId !== req.user!.id) throw notFound('No such payment.');
        const intent = await sandbox.confirm(req.body.clientSecret, req.body.card);
        return { id: intent.id, status: 'succeeded' as const };
      },
    );
  }

  if (stripe?.webhookSecret) {
    const secret = stripe.webhookSecret;
    // Stripe signs the exact bytes it sends: this route keeps the body raw.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      hook.post('/webhooks/stripe', { schema: { hide: true } }, async (req, reply) => {
        let event: Stripe.Event;
        try {
          event = stripe.client.webhooks.constructEvent(
            req.body as Buffer,
            String(req.headers['stripe-signature'] ?? ''),
            secret,
          );
        } catch {
          throw new HttpError(400, 'bad_signature', 'The webhook signature does not match.');
        }
        if (event.type === 'payment_intent.succeeded') {
          const intent = event.data.object;
          const orderId = OrderId.safeParse(intent.metadata?.orderId);
          if (orderId.success) {
            try {
              await markPaid(app.db, gateway, orderId.data, intent.id);
            } catch (err) {
              // Money arrived for an order we cannot mark paid (cancelled, or paid otherwise):
              // acknowledge, so Stripe stops retrying, and leave it for a person.
              if (!(err instanceof HttpError)) throw err;
              req.log.warn(
                { orderId: orderId.data, intent: intent.id, reason: err.code },
                'payment needs attention',
              );
            }
          }
        }
        return reply.send({ received: true });
      });
    });
  }
};
