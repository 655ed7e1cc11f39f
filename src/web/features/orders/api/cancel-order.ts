import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys, toolsKeys } from '#web/lib/query-keys.ts';

/** DELETE /myOrder/{id} (bearer): cancels an unpaid order; its stock returns to the tool. */
export function cancelOrder(id: string): Promise<CancelResult> {
  return apiRequest<CancelResult>(`/myOrder/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // SPEC §7: the list is fetched again; the tool's stock changed too. On failure as well: a 409
    // means the order was paid or cancelled meanwhile (another tab, the hold's expiry).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
      ]),
  });
}
