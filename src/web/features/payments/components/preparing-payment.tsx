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
  /** Records the payment with the store (PATCH /order/{id}); rejects with a readable message. */
  onConfirmed: (transactionId: string) => Promise<void>;
  /** The order was closed meanwhile (cancelled in another tab, or its hold expired): 409 order_closed. */
  onClosed: () => void;
}

/** Whether a payment failed because its order is closed: no card can pay it any more. */
export const isOrderClosed = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'order_closed';
