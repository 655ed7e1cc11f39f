import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditKeys, reviewsKeys } from '#web/lib/query-keys.ts';

/** DELETE /review/{id} (bearer, admin): the review leaves the home page and the list. */
export function deleteReview(reviewId: string) {
  return apiRequest<DeleteResult>(`/review/${encodeURIComponent(reviewId)}`, { method: 'DELETE' });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // deletedCount 0 means another admin was first: either way the lists are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
