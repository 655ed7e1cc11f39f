import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminOrdersPage, OrderStatus } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { allOrdersKeys } from '#web/lib/query-keys.ts';

export const ORDER_STATUSES: readonly OrderStatus[] = ['unpaid', 'paid', 'shipped', 'cancelled', 'refunded'];

/** What Manage Orders shows, as its URL says it (a filtered list is a link to share). */
export interface AdminOrdersState {
  q: string;
  status: OrderStatus | '';
}

export function adminOrdersState(params: URLSearchParams): AdminOrdersState {
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
  };
}

/** The query string of a filter: only what is set, in one order, so one view has one address. */
export function adminOrdersSearch(state: Partial<AdminOrdersState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.status) params.set('status', state.status);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /admin/orders (bearer, admin): a page of orders, newest first, after `cursor`. */
function getAdminOrders(search: string, cursor: string, signal?: AbortSignal): Promise<AdminOrdersPage> {
  const params = new URLSearchParams(search);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiRequest<AdminOrdersPage>(`/admin/orders${query ? `?${query}` : ''}`, { signal });
}

/** The filter's pages so far; "Show more" asks for the next. */
export function useAdminOrders(state: AdminOrdersState) {
  const search = adminOrdersSearch(state);
  return useInfiniteQuery({
    queryKey: allOrdersKeys.pages(search),
    queryFn: ({ pageParam, signal }) => getAdminOrders(search, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The last filter's rows stay on screen while the new one loads.
    placeholderData: keepPreviousData,
  });
}
