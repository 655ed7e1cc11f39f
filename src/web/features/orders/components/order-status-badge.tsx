import type { OrderStatus } from '#shared/schemas/order.ts';

const LOOK: Record<OrderStatus, { words: string; className: string }> = {
  unpaid: { words: 'Unpaid', className: 'border-warning bg-warning/30 text-slate-900' },
  paid: { words: 'Paid', className: 'border-success/30 bg-success/10 text-success' },
  // SPEC's word for shipped, which the customer now sees too.
  shipped: { words: 'Ready For Shifting', className: 'border-info/40 bg-info/10 text-slate-900' },
  refunded: { words: 'Refunded', className: 'border-base-300 bg-base-200 text-slate-900' },
  cancelled: { words: 'Cancelled', className: 'border-base-300 bg-base-200 text-slate-700' },
};

/** Where an order stands, in words. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { words, className } = LOOK[status];
  return <span className={`badge h-auto text-xs font-semibold whitespace-nowrap ${className}`}>{words}</span>;
}
