import { apiDownload } from '#web/lib/api-client.ts';

/** GET /admin/newsletter.csv (bearer, admin): every newsletter sign-up, as CSV. */
export function downloadNewsletterCsv(): Promise<Blob> {
  return apiDownload('/admin/newsletter.csv');
}
