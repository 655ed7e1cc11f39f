import type { OrderStatus } from '#shared/schemas/order.ts';

/** An order's status in SPEC's words, wherever the web names one. */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  // SPEC's word for shipped, which the customer now sees too.
  shipped: 'Ready For Shifting',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

const LOOK: Record<OrderStatus, string> = {
  unpaid: 'border-warning bg-warning/30 text-slate-900',
  paid: 'border-success/30 bg-success/10 text-success',
  shipped: 'border-info/40 bg-info/10 text-slate-900',
  refunded: 'border-base-300 bg-base-200 text-slate-900',
  cancelled: 'border-base-300 bg-base-200 text-slate-700',
};

/** Where an order stands, in words. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge h-auto text-xs font-semibold whitespace-nowrap ${LOOK[status]}`}>
      {STATUS_WORDS[status]}
    </span>
  );
}
