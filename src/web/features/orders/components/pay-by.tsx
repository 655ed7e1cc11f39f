import type { Order } from '#shared/schemas/order.ts';

// A hold ends within hours: its day and time, without the year; in UTC, so that the server's first
// view and the browser agree.
const holdEndFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** When an order's hold ends: "Nov 28, 11:11 UTC", to the minute (seconds dropped: a little early, never late). */
export const holdEnd = (payBy: string) => `${holdEndFormat.format(new Date(payBy))} UTC`;

/**
 * Until when an unpaid order holds its stock, so that its cancellation surprises no one. "Pay by"
 * and its time stay on one line.
 */
export function PayBy({ order, className }: { order: Order; className: string }) {
  if (!order.payBy) return null;
  return (
    <span className={className}>
      <span className="whitespace-nowrap">Pay by {holdEnd(order.payBy)}</span> or it is cancelled
    </span>
  );
}
