// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/order.ts';
import { PayBy } from './pay-by.tsx';

// A reader in New York: the hold ends at 01:30 UTC on the 28th, 20:30 on the 27th on their clock.
const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  cleanup();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const order = { payBy: '2026-11-28T01:30:45.000Z' } as Order;

it("says when the hold ends on the reader's own clock, once the page is theirs", () => {
  const { container } = render(<PayBy order={order} className="" />);
  expect(container.textContent).toBe('Pay by Nov 27, 20:30 EST or it is cancelled');
  expect(container.querySelector('time')?.getAttribute('dateTime')).toBe(order.payBy);
});

it("says it in UTC in the server's first view, which knows no reader's zone", () => {
  const html = renderToString(<PayBy order={order} className="" />);
  expect(html).toContain('Nov 28, 01:30 UTC');
});
