// Money is integer cents everywhere it is stored or added; dollars exist only at the API's edge.

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** The largest total of one order: $999,999.99, the most Stripe takes in one payment. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
export const ORDER_TOTAL_TOO_LARGE = 'An order may total at most $999,999.99.';

export function orderTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

// Numbers are written for people without Intl: a page's first Intl formatter makes the browser load
// its locale data, 20-40 ms of the main thread on the bench's machine (four times that on
// Lighthouse's phone), before the page can be drawn. The test checks these against Intl.

/** "1,234": a whole number with its thousands separated, as `toLocaleString('en-US')` writes it. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$1,234.50", and "-$1,234.50" below zero. */
export function formatDollars(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
