import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewList } from '../../../shared/schemas/review.ts';
import { listReviews } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: { tags: ['reviews'], summary: 'Customer reviews, newest first', response: { 200: ReviewList } },
    },
    async () => listReviews(app.db),
  );
};
