import { useEffect, useId, useRef } from 'react';
import type { Order } from '../../../../shared/schemas/order.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

interface CancelOrderDialogProps {
  /** The order to confirm; null keeps the dialog closed. */
  order: Order | null;
  pending: boolean;
  error: string | null;
  onConfirm: (order: Order) => void;
  onClose: () => void;
}

/**
 * Asks before an order is cancelled. A native modal <dialog>: it traps focus, closes on Escape and
 * gives focus back to the Cancel button that opened it.
 */
export function CancelOrderDialog({ order, pending, error, onConfirm, onClose }: CancelOrderDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (order && !element.open) element.showModal();
    if (!order && element.open) element.close();
  }, [order]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Cancel this order?
        </h2>
        <p id={bodyId} className="mt-3 text-slate-600">
          {order
            ? `Your order of ${order.quantity} × ${order.productName} will be cancelled and its stock released.`
            : ''}
        </p>
        <FormAlert messages={error ? [error] : []} className="mt-4" />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Keep it
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => order && onConfirm(order)}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Yes, cancel
          </button>
        </div>
      </div>
    </dialog>
  );
}
