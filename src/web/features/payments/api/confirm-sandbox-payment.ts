import type { SandboxConfirmResult } from '#shared/schemas/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { ParsedCard } from '#web/features/payments/card.ts';

/**
 * POST /payments/sandbox/confirm (bearer): the sandbox gateway's stand-in for Stripe.js's
 * confirmCardPayment. A refused card is a 402 carrying the gateway's message.
 */
export async function confirmSandboxPayment(clientSecret: string, card: ParsedCard): Promise<string> {
  const { id } = await apiRequest<SandboxConfirmResult>('/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret, card },
  });
  return id;
}
