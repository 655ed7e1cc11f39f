import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput, NewsletterResult } from '#shared/schemas/newsletter.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /newsletter (anyone): `subscribed` false when the address was on the list already. */
export function subscribe(body: NewsletterInput) {
  return apiRequest<NewsletterResult>('/newsletter', { method: 'POST', body, withoutToken: true });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
