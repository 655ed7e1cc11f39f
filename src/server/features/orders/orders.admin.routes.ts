import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShiftNowInput, ShiftNowResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import {
  AdminOrdersCsvQuery,
  AdminOverview,
  AdminOrdersPage,
  AdminOrdersQuery,
  Order,
  OrderId,
  OrderList,
} from '#shared/schemas/order.ts';
import type { Gateways } from '#server/features/payments/gateways/select-gateway.ts';
import { sendJsonArray } from '#server/http/json-array.ts';
import { IdParam } from '#server/http/params.ts';
import { allOrdersJson, listOrdersPage, ordersCsv, overview } from './orders.admin.service.ts';
import { refundOrder, shipOrder } from './orders.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The admin console's order calls (SPEC §7): every one checks the caller's role in the database. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<Gateways> = async (app, { gateway }) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/allOrders',
    {
      schema: {
        ...base,
        summary: 'Every live order, newest first (streamed)',
        response: { 200: OrderList, ...errors },
      },
    },
    async (_req, reply) => sendJsonArray(reply, allOrdersJson(app.db)),
  );

  app.get(
    '/admin/orders',
    {
      schema: {
        ...base,
        summary: 'A page of orders, newest first: searched by buyer name, email or product, by status',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersPage, ...errors },
      },
    },
    async (req) => listOrdersPage(app.db, req.query),
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        ...base,
        summary: 'Every order the filter names, as CSV (streamed)',
        querystring: AdminOrdersCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(ordersCsv(app.db, req.query))),
  );

  app.get(
    '/admin/overview',
    {
      schema: {
        ...base,
        summary: 'Revenue per day (30 days), orders to ship, unpaid orders, tools low on stock',
        response: { 200: AdminOverview, ...errors },
      },
    },
    async () => overview(app.db),
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
