import type { CardInput } from '#shared/card.ts';
import type { SandboxConfirmResult } from '#shared/schemas/payment.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * POST /payments/sandbox/confirm (bearer): the sandbox gateway's stand-in for Stripe.js's
 * confirmCardPayment. A refused card is a 402 carrying the gateway's message.
 */
export async function confirmSandboxPayment(clientSecret: string, card: CardInput): Promise<string> {
  const { id } = await apiRequest<SandboxConfirmResult>('/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret, card },
  });
  return id;
}
