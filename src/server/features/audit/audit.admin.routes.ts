import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminAuditPage, AdminAuditQuery } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { listAuditPage } from './audit.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The admin console's audit log (every call checks the caller's role in the database). */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'A page of the admin actions, newest first',
        querystring: AdminAuditQuery,
        response: { 200: AdminAuditPage, ...errors },
      },
    },
    async (req) => listAuditPage(app.db, req.query),
  );
};
