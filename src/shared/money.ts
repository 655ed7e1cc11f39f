// Money is integer cents everywhere it is stored or added; dollars exist only at the API's edge.

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

export function orderTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
