import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddToolInput, DeleteResult, InsertResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { ToolId } from '#shared/schemas/tool.ts';
import { IdOrNothingParam } from '#server/http/params.ts';
import { addTool, archiveTool } from './tools.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** The admin console's catalogue calls (SPEC §7): every one checks the caller's role in the database. */
export const toolsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

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
        params: IdOrNothingParam(ToolId),
        response: { 200: DeleteResult, ...errors },
      },
    },
    // SPEC's answer: deletedCount 1 when this call archived the tool, 0 when the id names none.
    async (req) => ({
      acknowledged: true,
      deletedCount: req.params.id === null ? 0 : await archiveTool(app.db, req.user!, req.params.id),
    }),
  );
};
