import { ApiRequestError } from '#web/lib/api-client.ts';

/** Shown while the payment intent is on its way; its Pay button cannot be pressed yet. */
export function PreparingPayment() {
  return (
    <div className="space-y-4">
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <span className="loading loading-spinner loading-sm text-rust" aria-hidden="true" />
        Preparing a secure payment…
      </p>
      <button type="button" className="btn btn-primary w-full" disabled>
        Pay
      </button>
    </div>
  );
}

export interface CardFormProps {
  clientSecret: string;
  billing: { name: string; email: string };
  /**
   * The gateway charged the card: from here on the card box records the payment with the store
   * (PATCH /order/{id}), retrying, and never shows the card form again. Settles once the first
   * attempt is over, recorded or not.
   */
  onConfirmed: (transactionId: string) => Promise<void>;
  /**
   * The gateway refused to confirm because the intent is no longer payable as it stood (Stripe's
   * payment_intent_unexpected_state: it already succeeded, paid in another tab): the card box asks
   * the store about the order again instead of showing a card error.
   */
  onRecheck: () => void;
  /** The order was closed meanwhile (cancelled in another tab, or its hold expired): 409 order_closed. */
  onClosed: () => void;
}

/** Whether a payment failed because its order is closed: no card can pay it any more. */
export const isOrderClosed = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'order_closed';

/** Whether the store answered that the order is paid already (409 order_paid). */
export const isOrderPaid = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'order_paid';

/** Stripe's (and the sandbox's) refusal to confirm an intent that is not payable any more. */
export const UNEXPECTED_STATE = 'payment_intent_unexpected_state';
