import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput, NewsletterResult } from '#shared/schemas/newsletter.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /newsletter (anyone): the address is mailed a link to confirm, if one is due. */
export function subscribe(body: NewsletterInput) {
  return apiRequest<NewsletterResult>('/newsletter', { method: 'POST', body, withoutToken: true });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
