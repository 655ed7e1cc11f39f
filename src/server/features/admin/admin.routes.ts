import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddToolInput,
  AuditList,
  DeleteResult,
  InsertResult,
  MakeAdminResult,
  ShiftNowInput,
  ShiftNowResult,
  UserList,
} from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { OrderList } from '#shared/schemas/order.ts';
import { HttpError } from '#server/plugins/errors.ts';
import {
  addTool,
  archiveTool,
  listAllOrders,
  listAudit,
  listUsers,
  makeAdmin,
  markReadyForShipping,
} from './admin.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const IdParam = z.object({ id: z.string().max(100) });

/** The admin console's calls (SPEC §7): every one checks the caller's role in the database. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/allOrders',
    { schema: { ...base, summary: 'Every live order', response: { 200: OrderList, ...errors } } },
    async () => listAllOrders(app.db),
  );

  app.patch(
    '/shiftNow/:id',
    {
      schema: {
        ...base,
        summary: 'Mark a paid order ready for shipping (never reversed)',
        params: IdParam,
        body: ShiftNowInput,
        response: { 200: ShiftNowResult, ...errors },
      },
    },
    async (req) => ({
      acknowledged: true,
      modifiedCount: await markReadyForShipping(app.db, req.user!, req.params.id),
    }),
  );

  app.post(
    '/addTool',
    {
      schema: {
        ...base,
        summary: 'Add a tool to the catalogue',
        body: AddToolInput,
        response: { 200: InsertResult, ...errors },
      },
    },
    async (req) => ({ acknowledged: true, insertedId: await addTool(app.db, req.user!, req.body) }),
  );

  app.delete(
    '/tool/:id',
    {
      schema: {
        ...base,
        summary: 'Remove a tool (archived: past orders keep it)',
        params: IdParam,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (req) => ({
      acknowledged: true,
      deletedCount: await archiveTool(app.db, req.user!, req.params.id),
    }),
  );

  app.get(
    '/users',
    {
      schema: {
        ...base,
        summary: 'Every account with its role',
        querystring: z.object({ email: z.string().max(254) }),
        response: { 200: UserList, ...errors },
      },
    },
    async (req) => {
      if (req.query.email.trim().toLowerCase() !== req.user!.email.toLowerCase()) {
        throw new HttpError(403, 'forbidden', 'Ask with your own email.');
      }
      return listUsers(app.db);
    },
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        ...base,
        summary: 'Make an account an admin (no demotion)',
        params: z.object({ email: z.string().trim().min(3).max(254) }),
        response: { 200: MakeAdminResult, ...errors },
      },
    },
    async (req) => {
      const modifiedCount = await makeAdmin(app.db, req.user!, req.params.email);
      // The new admin's next call, on this instance, already finds the role.
      if (modifiedCount) app.sessions.clear();
      return { acknowledged: true, modifiedCount };
    },
  );

  app.get(
    '/audit',
    { schema: { ...base, summary: 'Admin actions, newest first', response: { 200: AuditList, ...errors } } },
    async () => listAudit(app.db),
  );
};
