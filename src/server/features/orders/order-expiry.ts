import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentGateway } from '#server/features/payments/gateways/gateway.ts';
import { expireUnpaidOrders } from './orders.service.ts';

const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Unpaid orders past their hold (the end each got at purchase: pay_by) go back to stock, checked every minute while the
 * store runs; their payment intents are canceled at the gateway first. Safe with several instances.
 */
export default fp(async function orderExpiry(app: FastifyInstance, { gateway }: { gateway: PaymentGateway }) {
  let expiry: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const run = () =>
      expireUnpaidOrders(app.db, gateway)
        .then((n) => n && app.log.info({ cancelled: n }, 'expired unpaid orders'))
        .catch((err: unknown) => app.log.warn({ err }, 'order expiry failed'));
    expiry = setInterval(run, EXPIRY_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(expiry));
});
