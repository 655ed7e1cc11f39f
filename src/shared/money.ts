// Money is integer cents everywhere it is stored or added; dollars exist only at the API's edge.

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** The largest total of one order: $999,999.99, the most Stripe takes in one payment (issue 14). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
export const ORDER_TOTAL_TOO_LARGE = 'An order may total at most $999,999.99.';

export function orderTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
