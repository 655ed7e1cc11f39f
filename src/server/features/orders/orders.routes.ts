import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '#shared/schemas/error.ts';
import {
  CancelResult,
  Order,
  OrderId,
  OrderList,
  PurchaseInput,
  PurchaseResult,
} from '#shared/schemas/order.ts';
import { Receipt } from '#shared/schemas/receipt.ts';
import { ToolId } from '#shared/schemas/tool.ts';
import { NotFound } from '#server/domain-errors.ts';
import type { Gateways } from '#server/features/payments/gateways/select-gateway.ts';
import { EmailQuery, IdParam, requireOwnEmail } from '#server/http/params.ts';
import { cancelOrder, getOrderFor, listOrdersOf, purchase } from './orders.service.ts';
import { getReceiptFor } from './receipt.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const security = [{ bearer: [] }];
const OrderIdParam = IdParam(OrderId, 'No such order.');

/** A customer's orders: buying, seeing and cancelling (paying is in features/payments). */
export const ordersRoutes: FastifyPluginAsyncZod<Gateways> = async (app, { gateway }) => {
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
    async (req) => {
      // A malformed id names no tool: 404, as for an unknown one.
      const toolId = ToolId.safeParse(req.body.toolsId);
      if (!toolId.success) throw new NotFound('No tool with this id.');
      return purchase(app.db, req.user!, toolId.data, req.body, app.config.orderHoldHours);
    },
  );

  app.get(
    '/myOrders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        security,
        querystring: EmailQuery,
        response: { 200: OrderList, ...errors },
      },
    },
    async (req) => {
      requireOwnEmail(req.user!, req.query.email, 'These orders are not yours.');
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
        params: OrderIdParam,
        response: { 200: Order, ...errors },
      },
    },
    async (req) => getOrderFor(app.db, req.params.id, req.user!),
  );

  app.get(
    '/receipt/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "A paid order's receipt (its owner, or an admin); 404 until it is paid",
        security,
        params: OrderIdParam,
        response: { 200: Receipt, ...errors },
      },
    },
    async (req) => getReceiptFor(app.db, req.params.id, req.user!),
  );

  app.delete(
    '/myOrder/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order and its payment intent; its stock returns',
        security,
        params: OrderIdParam,
        response: { 200: CancelResult, ...errors },
      },
    },
    async (req) => {
      await cancelOrder(app.db, gateway, req.user!.id, req.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
