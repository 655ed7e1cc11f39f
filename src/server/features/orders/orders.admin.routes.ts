import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShiftNowInput, ShiftNowResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { Order, OrderId, OrderList } from '#shared/schemas/order.ts';
import type { Gateways } from '#server/features/payments/gateways/select-gateway.ts';
import { IdParam } from '#server/http/params.ts';
import { listAllOrders, refundOrder, shipOrder } from './orders.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The admin console's order calls (SPEC §7): every one checks the caller's role in the database. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<Gateways> = async (app, { gateway }) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/allOrders',
    { schema: { ...base, summary: 'Every live order', response: { 200: OrderList, ...errors } } },
    async () => listAllOrders(app.db),
  );

  // SPEC's "shift now" is shipping: the order is ready to leave the warehouse.
  app.patch(
    '/shiftNow/:id',
    {
      schema: {
        ...base,
        summary: 'Mark a paid order ready for shipping (never reversed)',
        params: IdParam(OrderId, 'No such order.'),
        body: ShiftNowInput,
        response: { 200: ShiftNowResult, ...errors },
      },
    },
    async (req) => ({
      acknowledged: true,
      modifiedCount: await shipOrder(app.db, req.user!, req.params.id),
    }),
  );

  app.post(
    '/order/:id/refund',
    {
      schema: {
        ...base,
        summary: 'Refund a paid, unshipped order in full through the gateway; its stock returns',
        params: IdParam(OrderId, 'No such order.'),
        response: { 200: Order, ...errors },
      },
    },
    async (req) => refundOrder(app.db, gateway, req.user!, req.params.id),
  );
};
