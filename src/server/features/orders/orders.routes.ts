import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { CancelResult, Order, OrderList, PurchaseInput, PurchaseResult } from '#shared/schemas/order.ts';
import { HttpError, notFound } from '#server/plugins/errors.ts';
import { cancelOrder, findOrderFor, listOrdersOf, purchase, toOrder } from './orders.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const security = [{ bearer: [] }];
const IdParam = z.object({ id: z.string().max(100) });

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/purchase',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Order a tool; price and product come from the catalogue, stock is taken at once',
        security,
        body: PurchaseInput,
        response: { 200: PurchaseResult, ...errors },
      },
    },
    async (req) => purchase(app.db, req.user!, req.body),
  );

  app.get(
    '/myOrders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        security,
        querystring: z.object({ email: z.string().max(254) }),
        response: { 200: OrderList, ...errors },
      },
    },
    async (req) => {
      if (req.query.email.trim().toLowerCase() !== req.user!.email.toLowerCase()) {
        throw new HttpError(403, 'forbidden', 'These orders are not yours.');
      }
      return listOrdersOf(app.db, req.user!.id);
    },
  );

  app.get(
    '/myOrder/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (its owner, or an admin)',
        security,
        params: IdParam,
        response: { 200: Order, ...errors },
      },
    },
    async (req) => {
      const row = await findOrderFor(app.db, req.params.id, req.user!);
      if (!row) throw notFound('No such order.');
      return toOrder(row);
    },
  );

  app.delete(
    '/myOrder/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order; its stock returns',
        security,
        params: IdParam,
        response: { 200: CancelResult, ...errors },
      },
    },
    async (req) => {
      await cancelOrder(app.db, req.user!.id, req.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
