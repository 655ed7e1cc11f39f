import type { Order } from '#shared/schemas/order.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * When an order's hold ends, its day and time without the year, to the minute (seconds dropped: a
 * little early, never late), named by its zone: "Nov 28, 11:11 UTC", "Nov 28, 06:11 EST".
 */
export const holdEnd = (payBy: string, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(payBy));

/**
 * The hold's end on the reader's own clock: in UTC in the server's first view and while React takes
 * it over (the two must draw the same), then in the browser's zone.
 */
export function useHoldEnd(payBy: string | null | undefined): string | null {
  const hydrated = useHydrated();
  if (!payBy) return null;
  return holdEnd(payBy, hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : 'UTC');
}

/**
 * Until when an unpaid order holds its stock, so that its cancellation surprises no one. "Pay by"
 * and its time stay on one line.
 */
export function PayBy({ order, className }: { order: Order; className: string }) {
  const end = useHoldEnd(order.payBy);
  if (!order.payBy) return null;
  return (
    <span className={className}>
      <span className="whitespace-nowrap">
        Pay by <time dateTime={order.payBy}>{end}</time>
      </span>{' '}
      or it is cancelled
    </span>
  );
}
