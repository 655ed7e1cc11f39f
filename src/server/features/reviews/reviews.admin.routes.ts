import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteResult } from '#shared/schemas/admin.ts';
import { ApiError } from '#shared/schemas/error.ts';
import { AdminReviewsPage, AdminReviewsQuery, ReviewId } from '#shared/schemas/review.ts';
import { IdOrNothingParam } from '#server/http/params.ts';
import { deleteReview, listReviewsPage } from './reviews.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** The admin's reviews: every call checks the caller's role in the database. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/admin/reviews',
    {
      schema: {
        ...base,
        summary: 'A page of the reviews shown, newest first',
        querystring: AdminReviewsQuery,
        response: { 200: AdminReviewsPage, ...errors },
      },
    },
    async (req) => listReviewsPage(app.db, req.query),
  );

  app.delete(
    '/review/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a review: it leaves the home page and GET /reviews',
        params: IdOrNothingParam(ReviewId),
        response: { 200: DeleteResult, ...errors },
      },
    },
    // As DELETE /tool/{id}: deletedCount 1 when this call deleted it, 0 when the id names none.
    async (req) => {
      const deletedCount = req.params.id === null ? 0 : await deleteReview(app.db, req.user!, req.params.id);
      // Other instances drop their copy on the trigger's NOTIFY; this one at once.
      if (deletedCount) app.catalogue.clear();
      return { acknowledged: true, deletedCount };
    },
  );
};
