import { expect, it } from 'vitest';
import { formatDollars, orderTotalCents, toCents, toDollars } from './money.ts';

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
});
