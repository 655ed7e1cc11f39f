import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { HttpError } from '#server/http/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ApiError },
      },
    },
    async (req) => {
      try {
        await app.database.ping();
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        throw new HttpError(503, 'unavailable', 'The database is not reachable.');
      }
      return { status: 'ready' as const };
    },
  );
};
