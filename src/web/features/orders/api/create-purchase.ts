import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseResult, PurchaseInput } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys, toolsKeys } from '#web/lib/query-keys.ts';

/**
 * POST /purchase (bearer). The answer's acknowledged is false when the customer already has an
 * unpaid order of this tool (SPEC §8).
 */
export function createPurchase(body: PurchaseInput): Promise<PurchaseResult> {
  return apiRequest<PurchaseResult>('/purchase', { method: 'POST', body });
}

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    // Stock is taken at once, and the order joins My Orders. Failures refresh the stock as well:
    // a 409 out of stock means the page shows an old number.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
