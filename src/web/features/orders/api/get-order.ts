import { useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys } from '#web/lib/query-keys.ts';

/** GET /myOrder/{id} (bearer): one of the customer's orders, for the payment page. */
function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/myOrder/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
