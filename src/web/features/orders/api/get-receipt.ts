import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '#shared/schemas/receipt.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys } from '#web/lib/query-keys.ts';

/** GET /receipt/{orderId} (bearer; owner or admin): a paid order's receipt. */
function getReceipt(orderId: string, signal?: AbortSignal): Promise<Receipt> {
  return apiRequest<Receipt>(`/receipt/${encodeURIComponent(orderId)}`, { signal });
}

export function useReceipt(orderId: string) {
  return useQuery({
    queryKey: orderKeys.receipt(orderId),
    queryFn: ({ signal }) => getReceipt(orderId, signal),
  });
}
