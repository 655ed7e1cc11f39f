import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult } from '#shared/schemas/admin.ts';
import type { ReviewInput } from '#shared/schemas/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewsKeys } from '#web/lib/query-keys.ts';

/**
 * POST /review (bearer). customerName and img are sent as SPEC §7's client sends them; the server
 * takes both from the account instead.
 */
export function addReview(body: ReviewInput) {
  return apiRequest<InsertResult>('/review', { method: 'POST', body });
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home page's carousel shows the new review next time it renders.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
  });
}
