import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '#shared/schemas/error.ts';
import { NEWSLETTER_ANCHOR, NEWSLETTER_QUERY, type NewsletterOutcome } from '#shared/newsletter-form.ts';
import { NewsletterConfirmQuery, NewsletterInput, NewsletterResult } from '#shared/schemas/newsletter.ts';
import { confirmSubscription, newsletterCsv, subscribe } from './newsletter.service.ts';

/**
 * SPEC's sign-up box: anyone may sign up, rate limited per IP and per address, and every sign-up
 * counts in the address's hourly mail budget, mailed or not (decision 032).
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      preHandler: app.limitAttempts,
      schema: {
        tags: ['newsletter'],
        summary:
          'Sign up for the newsletter: mails the address a link to confirm (none if it is confirmed already); the same answer either way',
        body: NewsletterInput,
        response: { 200: NewsletterResult, 400: ApiError, 429: ApiError },
      },
    },
    async (req) => {
      // The link is written to the outbox and sent by its worker just after the answer (onResponse
      // pokes it): an answer that waited for the SMTP server would tell, by its time, which
      // addresses are confirmed subscribers (they are mailed nothing).
      await subscribe(app.db, req.body, app.config.publicUrl);
      return { acknowledged: true };
    },
  );

  // The mailed link: a GET from a mail reader, answered with the home page's box saying what it did.
  app.get(
    '/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'The mailed link: confirms the sign-up, then sends the browser to the box, which says so',
        querystring: NewsletterConfirmQuery,
        response: { 400: ApiError },
      },
    },
    async (req, reply) => {
      const token = req.query.token;
      const outcome: NewsletterOutcome =
        token && (await confirmSubscription(app.db, token)) ? 'confirmed' : 'invalid_link';
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/?${NEWSLETTER_QUERY}=${outcome}#${NEWSLETTER_ANCHOR}`, 303);
    },
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
        summary: 'Every confirmed newsletter sign-up, oldest first, as CSV (streamed)',
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
