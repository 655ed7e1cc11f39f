import { Link } from 'react-router';
import type { Order } from '#shared/schemas/order.ts';

interface OrderActionsProps {
  order: Order;
  /** The id of the element naming the order's item, so each row's buttons say which order they act on. */
  itemId: string;
  /** Asks to cancel the order; `button` takes focus back if the customer keeps it. */
  onCancel: (order: Order, button: HTMLElement) => void;
  /** One above the other, where the column is narrow. */
  stacked?: boolean;
}

/**
 * SPEC §4 Order payment: Pay and Cancel while unpaid; a disabled PAID, the transaction id and a link
 * to the receipt after.
 */
export function OrderActions({ order, itemId, onCancel, stacked = false }: OrderActionsProps) {
  if (order.paid) {
    return (
      <div className="flex flex-col items-start gap-1">
        <button type="button" className="btn btn-sm" disabled aria-describedby={itemId}>
          {order.status === 'refunded' ? 'REFUNDED' : 'PAID'}
        </button>
        {order.transactionId && (
          // Narrow in the table's column only: a card gives it the card's width.
          <p className={`font-mono text-xs break-all text-slate-600 ${stacked ? 'max-w-40' : ''}`}>
            Transaction: {order.transactionId}
          </p>
        )}
        <Link to={`/dashboard/receipt/${order._id}`} className="link text-sm" aria-describedby={itemId}>
          Receipt
        </Link>
      </div>
    );
  }
  return (
    <div className={`flex gap-2 ${stacked ? 'flex-col items-stretch' : ''}`}>
      <Link
        to={`/dashboard/payment/${order._id}`}
        className="btn btn-sm btn-primary"
        aria-describedby={itemId}
      >
        Pay
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        aria-describedby={itemId}
        onClick={(event) => onCancel(order, event.currentTarget)}
      >
        Cancel
      </button>
    </div>
  );
}
