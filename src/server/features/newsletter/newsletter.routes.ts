import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '#shared/schemas/error.ts';
import { NewsletterInput, NewsletterResult } from '#shared/schemas/newsletter.ts';
import { newsletterCsv, subscribe } from './newsletter.service.ts';

/** SPEC's sign-up box: anyone may sign up, rate limited per IP and per address. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      preHandler: app.limitAttempts,
      schema: {
        tags: ['newsletter'],
        summary: 'Sign up for the newsletter: once per email (a repeat changes nothing)',
        body: NewsletterInput,
        response: { 200: NewsletterResult, 400: ApiError, 429: ApiError },
      },
    },
    async (req) => ({ acknowledged: true, subscribed: await subscribe(app.db, req.body) }),
  );
};

/** The sign-ups for admins, as CSV. */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/newsletter.csv',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Every newsletter sign-up, oldest first, as CSV (streamed)',
        produces: ['text/csv'],
      },
    },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(newsletterCsv(app.db))),
  );
};
