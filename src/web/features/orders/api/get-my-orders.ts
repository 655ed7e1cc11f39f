import { useQuery } from '@tanstack/react-query';
import type { Order, OrderList } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { orderKeys } from '#web/lib/query-keys.ts';

/** GET /myOrders?email= (bearer): the signed-in customer's orders, newest first. */
function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<OrderList>(`/myOrders?email=${encodeURIComponent(email)}`, { signal });
}

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    enabled: email !== '',
  });
}
