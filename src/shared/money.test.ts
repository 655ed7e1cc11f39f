import { expect, it } from 'vitest';
import { formatCount, formatDollars, orderTotalCents, toCents, toDollars } from './money.ts';

it('converts dollars to cents without floating-point drift', () => {
  expect(toCents(19.99)).toBe(1999);
  expect(toCents(0.1 + 0.2)).toBe(30);
  expect(toCents(1234.5)).toBe(123450);
});

it('converts cents to dollars', () => {
  expect(toDollars(1999)).toBe(19.99);
  expect(toDollars(5)).toBe(0.05);
});

it('totals an order in cents', () => {
  expect(orderTotalCents(1999, 12)).toBe(23988);
});

it('formats dollars for people', () => {
  expect(formatDollars(1234.5)).toBe('$1,234.50');
  expect(formatDollars(0)).toBe('$0.00');
  expect(formatDollars(-20.05)).toBe('-$20.05');
  expect(formatDollars(999_999.99)).toBe('$999,999.99');
});

it('writes dollars and counts as Intl does for en-US', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const cents = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 99_999_999];
  for (let i = 0; i < 2000; i++) cents.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
  for (const c of cents) {
    // (Intl writes minus zero as '-$0.00'; nothing here is owed below a cent, so it stays '$0.00'.)
    const amounts = c === 0 ? [0] : [c / 100, -c / 100, toDollars(c)];
    for (const dollars of amounts) expect(formatDollars(dollars)).toBe(usd.format(dollars));
    expect(formatCount(c)).toBe(c.toLocaleString('en-US'));
    if (c > 0) expect(formatCount(-c)).toBe((-c).toLocaleString('en-US'));
  }
  expect(formatDollars(-0.004)).toBe('$0.00');
  // Dollars with a fraction of a cent are rounded to the cent, as Intl rounds them.
  for (const dollars of [0.004, 0.005, 0.015, 12.345, 1999.994, 1999.995])
    expect(formatDollars(dollars)).toBe(usd.format(dollars));
});
