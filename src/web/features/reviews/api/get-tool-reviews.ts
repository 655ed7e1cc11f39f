import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ToolReviewsPage } from '#shared/schemas/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewsKeys } from '#web/lib/query-keys.ts';

/** GET /tool/{id}/reviews: a page of the reviews that name a tool, with their count and average. */
function getToolReviews(id: string, cursor: string, signal?: AbortSignal): Promise<ToolReviewsPage> {
  // Not re-validated here, as for the carousel (get-reviews.ts).
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ToolReviewsPage>(`/tool/${encodeURIComponent(id)}/reviews${query}`, {
    signal,
    withoutToken: true,
  });
}

/** The newest reviews of a tool: its product page's first view, drawn on the server. */
export function useToolReviews(id: string) {
  return useQuery({
    queryKey: reviewsKeys.tool(id),
    meta: { prerender: true },
    queryFn: ({ signal }) => getToolReviews(id, '', signal),
  });
}

/** The pages after the first (`after`: its nextCursor), asked for one at a time by "Show more". */
export function useMoreToolReviews(id: string, after: string | null) {
  return useInfiniteQuery({
    queryKey: [...reviewsKeys.tool(id), 'after', after ?? ''],
    queryFn: ({ pageParam, signal }) => getToolReviews(id, pageParam, signal),
    initialPageParam: after ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Nothing is asked for until the visitor wants more.
    enabled: false,
  });
}
