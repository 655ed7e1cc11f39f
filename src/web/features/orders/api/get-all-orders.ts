import { useQuery } from '@tanstack/react-query';
import type { OrderList, Order } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { allOrdersKeys } from '#web/lib/query-keys.ts';

/** GET /allOrders (bearer, admin): every live order, newest first. */
export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<OrderList>('/allOrders', { signal });
}

export function useAllOrders() {
  return useQuery({ queryKey: allOrdersKeys.all, queryFn: ({ signal }) => getAllOrders(signal) });
}
