import { useQuery } from '@tanstack/react-query';
import type { PaymentIntentResult } from '#shared/schemas/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { paymentKeys } from '#web/lib/query-keys.ts';

/**
 * POST /create-payment-intent (bearer). The server decides the amount (DESIGN §5.5) and keeps one
 * intent per order, so asking again is safe; subTotal lets it refuse a page showing a stale price.
 */
export function createPaymentIntent(orderId: string, subTotal: number): Promise<PaymentIntentResult> {
  return apiRequest<PaymentIntentResult>('/create-payment-intent', {
    method: 'POST',
    body: { orderId, subTotal },
  });
}

export function usePaymentIntent(orderId: string, subTotal: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId, subTotal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
