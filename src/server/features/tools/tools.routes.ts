import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { Tool, ToolId, ToolList } from '#shared/schemas/tool.ts';
import { notFound } from '#server/plugins/errors.ts';
import { cachedJson, sendCached } from '#server/db/response-cache.ts';
import { cachedTool, listTools } from './tools.service.ts';

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tools',
    { schema: { tags: ['tools'], summary: 'The catalogue', response: { 200: ToolList } } },
    async (req, reply) =>
      sendCached(
        req,
        reply,
        await app.catalogue.get('tools', async () => cachedJson(await listTools(app.db))),
      ),
  );

  app.get(
    '/tool/:id',
    {
      schema: {
        tags: ['tools'],
        summary: 'One tool',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: Tool, 404: ApiError },
      },
    },
    async (req, reply) => {
      // A malformed id names no tool: 404, as for an unknown one.
      const id = ToolId.safeParse(req.params.id);
      if (!id.success) throw notFound('No tool with this id.');
      const cached = await cachedTool(app.catalogue, app.db, id.data);
      if (cached.empty) throw notFound('No tool with this id.');
      return sendCached(req, reply, cached);
    },
  );
};
