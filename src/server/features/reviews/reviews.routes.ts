import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InsertResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { ReviewInput, ReviewList } from '#shared/schemas/review.ts';
import { cachedJson, sendCached } from '#server/http/response-cache.ts';
import { addReview, listReviews } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: { tags: ['reviews'], summary: 'The newest 30 customer reviews', response: { 200: ReviewList } },
    },
    async (req, reply) =>
      sendCached(
        req,
        reply,
        await app.catalogue.get('reviews', async () => cachedJson(await listReviews(app.db))),
      ),
  );

  app.post(
    '/review',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Add a review in your own name: one per product, five a day',
        security: [{ bearer: [] }],
        body: ReviewInput,
        response: { 200: InsertResult, 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError },
      },
    },
    async (req) => ({ acknowledged: true, insertedId: await addReview(app.db, req.user!, req.body) }),
  );
};
