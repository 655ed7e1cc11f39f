import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftNowResult } from '#shared/schemas/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { allOrdersKeys, auditKeys } from '#web/lib/query-keys.ts';

/** PATCH /shiftNow/{id} (bearer, admin): a paid order becomes ready for shifting; never reversed. */
export function shipOrder(orderId: string) {
  return apiRequest<ShiftNowResult>(`/shiftNow/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { shiftNow: true },
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Refetched on failure too: a 409 means another admin (or the buyer) changed the order meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allOrdersKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
