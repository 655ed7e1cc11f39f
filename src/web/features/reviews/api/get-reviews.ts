import { useQuery } from '@tanstack/react-query';
import type { ReviewList } from '#shared/schemas/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewsKeys } from '#web/lib/query-keys.ts';

/** GET /reviews: every review, newest first. */
function getReviews(signal?: AbortSignal): Promise<ReviewList> {
  // Not re-validated here: the server serializes this answer through the same shared schema, and
  // zod would add ~24 KB gzip to the home page's chunk (DESIGN §6).
  return apiRequest<ReviewList>('/reviews', { signal });
}

export function useReviews() {
  return useQuery({
    queryKey: reviewsKeys.all,
    meta: { prerender: true },
    queryFn: ({ signal }) => getReviews(signal),
  });
}
