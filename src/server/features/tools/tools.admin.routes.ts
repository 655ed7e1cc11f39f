import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddToolInput, DeleteResult, EditToolInput, InsertResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { Tool, ToolId } from '#shared/schemas/tool.ts';
import { HttpError } from '#server/http/errors.ts';
import { IdOrNothingParam, IdParam } from '#server/http/params.ts';
import { addTool, archiveTool, editTool, toolVersion } from './tools.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

export const CHANGED_SINCE_OPENED =
  'This product was changed since you opened it, by another admin or by a sale. Your changes were not saved: reload to see its current values.';

/**
 * Whether an If-Match header holds for a tool whose version (ETag) is `current` (RFC 9110 §13.1.1):
 * `*`, or one of its entity tags the same, compared strongly (a weak tag never matches).
 */
function ifMatchHolds(ifMatch: string, current: string): boolean {
  if (ifMatch.trim() === '*') return true;
  return ifMatch.split(',').some((tag) => tag.trim() === current);
}

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
    async (req) => {
      const insertedId = await addTool(app.db, req.user!, req.body);
      app.catalogueEdited();
      return { acknowledged: true, insertedId };
    },
  );

  app.patch(
    '/tool/:id',
    {
      schema: {
        ...base,
        summary: 'Edit a tool: any of its fields, its stock too (orders keep their snapshot)',
        description:
          "Optimistic concurrency: send `If-Match` with the `ETag` of the GET /tool/{id} answer the edit started from; if the tool has changed since (another edit, a sale), the answer is 412 and nothing changes. Without `If-Match` the edit is made whatever the tool is now. The answer carries the edited tool's `ETag`.",
        params: IdParam(ToolId, 'No tool with this id.'),
        body: EditToolInput,
        response: { 200: Tool, ...errors, 412: ApiError },
      },
    },
    async (req, reply) => {
      const ifMatch = req.headers['if-match'];
      const tool = await editTool(
        app.db,
        req.user!,
        req.params.id,
        req.body,
        // Checked under the row's lock, so that of two saves opened on one version only one passes.
        ifMatch === undefined
          ? undefined
          : (current) => {
              if (!ifMatchHolds(ifMatch, toolVersion(current))) {
                throw new HttpError(412, 'changed_since_opened', CHANGED_SINCE_OPENED);
              }
            },
      );
      app.catalogueEdited();
      return reply.header('etag', toolVersion(tool)).send(tool);
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
    async (req) => {
      const deletedCount = req.params.id === null ? 0 : await archiveTool(app.db, req.user!, req.params.id);
      if (deletedCount) app.catalogueEdited();
      return { acknowledged: true, deletedCount };
    },
  );
};
