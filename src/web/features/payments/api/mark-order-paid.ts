import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaidResult } from '#shared/schemas/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys } from '#web/lib/query-keys.ts';

/** PATCH /order/{id} (bearer): records the payment; the server checks it with the gateway first. */
export function markOrderPaid(orderId: string, transactionId: string) {
  return apiRequest<MarkPaidResult>(`/order/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { appointment: orderId, transactionId },
  });
}

export function useMarkOrderPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => markOrderPaid(orderId, transactionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
