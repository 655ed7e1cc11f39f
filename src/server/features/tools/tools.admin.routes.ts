import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddToolInput, DeleteResult, EditToolInput, InsertResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { Tool, ToolId } from '#shared/schemas/tool.ts';
import { IdOrNothingParam, IdParam } from '#server/http/params.ts';
import { addTool, archiveTool, editTool } from './tools.service.ts';

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

  app.patch(
    '/tool/:id',
    {
      schema: {
        ...base,
        summary: 'Edit a tool: any of its fields, its stock too (orders keep their snapshot)',
        params: IdParam(ToolId, 'No tool with this id.'),
        body: EditToolInput,
        response: { 200: Tool, ...errors },
      },
    },
    async (req) => {
      const tool = await editTool(app.db, req.user!, req.params.id, req.body);
      // Other instances drop their copy on the trigger's NOTIFY; this one at once, so that the
      // admin's next read (PostgreSQL notifies a moment after the commit) shows the edit.
      app.catalogue.clear();
      return tool;
    },
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
