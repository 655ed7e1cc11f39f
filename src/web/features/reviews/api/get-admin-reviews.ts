import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReviewsPage } from '#shared/schemas/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewsKeys } from '#web/lib/query-keys.ts';

/** GET /admin/reviews (bearer, admin): a page of the reviews shown, newest first, after `cursor`. */
function getAdminReviews(cursor: string, signal?: AbortSignal): Promise<AdminReviewsPage> {
  return apiRequest<AdminReviewsPage>(
    `/admin/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    {
      signal,
    },
  );
}

/** The pages so far; "Show more" asks for the next. */
export function useAdminReviews() {
  return useInfiniteQuery({
    queryKey: reviewsKeys.admin(),
    queryFn: ({ pageParam, signal }) => getAdminReviews(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
