import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '#shared/schemas/error.ts';
import { OrderId } from '#shared/schemas/order.ts';
import {
  CreatePaymentIntentInput,
  MarkPaidInput,
  MarkPaidResult,
  PaymentIntentResult,
  SandboxConfirmInput,
  SandboxConfirmResult,
} from '#shared/schemas/payment.ts';
import { HttpError } from '#server/http/errors.ts';
import { IdParam } from '#server/http/params.ts';
import type { Gateways } from './gateways/select-gateway.ts';
import { confirmSandboxPayment, createPaymentIntent, markPaid } from './payments.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const security = [{ bearer: [] }];

/** Paying an order: its intent, the sandbox's card form, the paid mark, and Stripe's webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<Gateways> = async (app, { gateway, sandbox, stripe }) => {
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
        params: IdParam(OrderId, 'No such order.'),
        body: MarkPaidInput,
        response: { 200: MarkPaidResult, ...errors },
      },
    },
    async (req) => {
      const { id } = req.params;
      if (req.body.appointment !== undefined && req.body.appointment !== id) {
        throw new HttpError(409, 'order_mismatch', 'The payment names another order.');
      }
      const { transactionId } = await markPaid(app.db, gateway, id, req.body.transactionId, req.user!.id);
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
        const intent = await confirmSandboxPayment(
          app.db,
          sandbox,
          req.user!.id,
          req.body.clientSecret,
          req.body.card,
        );
        return { id: intent.id, status: 'succeeded' as const };
      },
    );
  }

  if (stripe?.webhookSecret) {
    await app.register(stripeWebhookRoutes, {
      gateway,
      client: stripe.client,
      webhookSecret: stripe.webhookSecret,
    });
  }
};
