import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUsersPage, AdminUsersQuery, MakeAdminResult, UserList } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { sendJsonArray } from '#server/http/json-array.ts';
import { EmailParam, EmailQuery, requireOwnEmail } from '#server/http/params.ts';
import { allUsersJson, listUsersPage } from './accounts.admin.service.ts';
import { promote } from './accounts.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The admin console's account calls (SPEC §7): every one checks the caller's role in the database. */
export const accountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/users',
    {
      schema: {
        ...base,
        summary: 'Every account with its role, oldest first (streamed)',
        querystring: EmailQuery,
        response: { 200: UserList, ...errors },
      },
    },
    async (req, reply) => {
      requireOwnEmail(req.user!, req.query.email, 'Ask with your own email.');
      return sendJsonArray(reply, allUsersJson(app.db));
    },
  );

  app.get(
    '/admin/users',
    {
      schema: {
        ...base,
        summary: 'A page of accounts with their roles, newest first, searched by name or email',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersPage, ...errors },
      },
    },
    async (req) => listUsersPage(app.db, req.query),
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        ...base,
        summary: 'Make an account an admin (no demotion); an unconfirmed email address is refused (409)',
        params: EmailParam,
        response: { 200: MakeAdminResult, ...errors },
      },
    },
    async (req) => {
      const promoted = await promote(app.db, req.user!, req.params.email, { confirmedOnly: true });
      // The new admin's next call, on this instance, already finds the role.
      if (promoted) app.sessions.clear();
      return { acknowledged: true, modifiedCount: promoted ? 1 : 0 };
    },
  );
};
