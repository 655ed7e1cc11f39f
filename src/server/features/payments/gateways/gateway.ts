/**
 * A card payment provider (docs/decisions/004). The server creates one intent per order for the
 * order's amount, and trusts a payment only after asking the gateway about it.
 */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'other';
  amountCents: number;
  currency: string;
  /** The order it was created for (Stripe: metadata.orderId). */
  orderId: string | undefined;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** For the browser (Stripe.js); undefined for the sandbox. */
  readonly publishableKey: string | undefined;
  /** Creates the order's intent, or answers the one it already has (idempotent per order). */
  createIntent(order: { id: string; amountCents: number; email: string }): Promise<PaymentIntent>;
  /** undefined when the gateway knows no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | undefined>;
  /**
   * Cancels an intent that has not succeeded, so that it never can; answers the intent as it now
   * stands: canceled, or succeeded (too late: the money is taken) or processing.
   */
  cancelIntent(id: string): Promise<PaymentIntent>;
  /** Returns the whole amount of a succeeded intent; the key makes a retry the same refund. */
  refund(intentId: string, idempotencyKey: string): Promise<{ id: string }>;
}

export const CURRENCY = 'usd';
