import { useQuery } from '@tanstack/react-query';
import type { Order, OrderList } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => [...orderKeys.all, 'mine', email.toLowerCase()] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

/** GET /myOrders?email= (bearer): the signed-in customer's orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<OrderList>(`/myOrders?email=${encodeURIComponent(email)}`, { signal });
}

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    enabled: email !== '',
  });
}
