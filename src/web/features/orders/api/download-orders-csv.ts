import { apiDownload } from '#web/lib/api-client.ts';

/** GET /admin/orders.csv (bearer, admin): every order of the filter (`search`: ?q=&status=), as CSV. */
export function downloadOrdersCsv(search: string): Promise<Blob> {
  return apiDownload(`/admin/orders.csv${search}`);
}
