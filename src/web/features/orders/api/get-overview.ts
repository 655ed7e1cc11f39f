import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '#shared/schemas/order.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { allOrdersKeys } from '#web/lib/query-keys.ts';

/** GET /admin/overview (bearer, admin): revenue per day over 30 days, orders to ship, unpaid, low stock. */
function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest<AdminOverview>('/admin/overview', { signal });
}

export function useOverview() {
  return useQuery({ queryKey: allOrdersKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}
