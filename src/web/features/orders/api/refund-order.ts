import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { allOrdersKeys, auditKeys, toolsKeys } from '#web/lib/query-keys.ts';

/** POST /order/{id}/refund (bearer, admin): a paid, unshipped order is refunded in full. */
export function refundOrder(orderId: string) {
  return apiRequest<Order>(`/order/${encodeURIComponent(orderId)}/refund`, { method: 'POST' });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // Refetched on failure too: a 409 means the order shipped or was refunded meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allOrdersKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolsKeys.all }),
      ]),
  });
}
