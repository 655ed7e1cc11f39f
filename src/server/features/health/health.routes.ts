import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '#shared/schemas/error.ts';
import { HttpError } from '#server/http/errors.ts';

/** How long /api/ready fails after a call failed for want of disk, memory or connections. */
export const UNREADY_AFTER_FAILURE_MS = 30_000;

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
        summary: 'The database answers and can store',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ApiError },
      },
    },
    async (req) => {
      // A full disk still answers `select 1`: a write that failed for want of disk, memory or
      // connections (http/errors.ts) keeps the store unready for a while after.
      if (Date.now() - app.resourceFailure.at < UNREADY_AFTER_FAILURE_MS) {
        throw new HttpError(503, 'unavailable', 'The database cannot store anything right now.');
      }
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
