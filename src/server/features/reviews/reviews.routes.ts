import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InsertResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { ReviewInput, ReviewList, ToolReviewsPage, ToolReviewsQuery } from '#shared/schemas/review.ts';
import { ToolId } from '#shared/schemas/tool.ts';
import { NotFound } from '#server/domain-errors.ts';
import { cachedTool } from '#server/features/tools/tools.service.ts';
import { IdParam } from '#server/http/params.ts';
import {
  type CachedBody,
  cachedJson,
  catalogueKeys,
  replyCached,
  ResponseCache,
  sendCached,
} from '#server/http/response-cache.ts';
import { addReview, listReviews, listToolReviews } from './reviews.service.ts';

const NO_TOOL = 'No tool with this id.';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The product pages' reviews, dropped on every change of the catalogue (a review posted or
  // deleted, on any instance); pages that visitors choose (tool, limit, cursor), so bounded.
  const toolReviews = new ResponseCache<CachedBody>({ maxEntries: 1_000 });
  await app.database.onChange('catalogue', () => toolReviews.clear());

  app.get(
    '/reviews',
    {
      schema: { tags: ['reviews'], summary: 'The newest 30 customer reviews', response: { 200: ReviewList } },
    },
    (req, reply) =>
      replyCached(req, reply, app.catalogue, catalogueKeys.reviews, async () =>
        cachedJson(await listReviews(app.db)),
      ),
  );

  app.get(
    '/tool/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The reviews that name a tool, newest first, a page at a time, with their count and average',
        description:
          '`cursor` is the `nextCursor` of the page before; `average` is null when there are none.',
        params: IdParam(ToolId, NO_TOOL),
        querystring: ToolReviewsQuery,
        response: { 200: ToolReviewsPage, 400: ApiError, 404: ApiError },
      },
    },
    async (req, reply) => {
      const tool = await cachedTool(app.catalogue, app.db, req.params.id);
      if (tool.empty) throw new NotFound(NO_TOOL);
      const key = JSON.stringify([req.params.id, req.query.limit, req.query.cursor]);
      const answer = await toolReviews.get(key, async () =>
        cachedJson(await listToolReviews(app.db, req.params.id, req.query)),
      );
      return sendCached(req, reply, answer);
    },
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
