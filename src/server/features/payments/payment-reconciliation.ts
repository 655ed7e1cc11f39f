import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeAbandonedOrders, refundPendingPayments } from '#server/features/orders/orders.service.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { reconcilePayments } from './payments.service.ts';

const RECONCILE_INTERVAL_MS = 60_000;

/**
 * The reconciliation pass (DESIGN §3b), at start and every minute: unpaid orders whose payment
 * succeeded become paid, those whose intent was canceled by a close a crash cut short are cancelled,
 * and refunds the gateway has not confirmed are asked for again. Orders are
 * claimed with SKIP LOCKED leases, so several instances never ask about the same order at once.
 */
export default fp(async function paymentReconciliation(
  app: FastifyInstance,
  { gateway }: { gateway: PaymentGateway },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = async () => {
    const { settled, abandoned } = await reconcilePayments(app.db, gateway);
    const closed = await closeAbandonedOrders(app.db, gateway, abandoned);
    const refunded = await refundPendingPayments(app.db, gateway);
    if (settled || closed || refunded) app.log.info({ settled, closed, refunded }, 'payments reconciled');
  };
  const pass = () => {
    running = run().catch((err: unknown) => app.log.warn({ err }, 'payment reconciliation failed'));
  };
  // Not awaited: the first pass must not hold up the server's start.
  app.addHook('onReady', async () => {
    pass();
    timer = setInterval(pass, RECONCILE_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
