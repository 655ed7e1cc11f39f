// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#shared/schemas/order.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { AllOrdersTable } from './all-orders-table.tsx';

const order = (n: number, name: string, status: OrderStatus): Order => ({
  _id: `6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e${String(n).padStart(2, '0')}`,
  toolsId: '7a1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e00',
  name,
  email: `${name.toLowerCase()}@acme.co.uk`,
  phone: '+44 20 7946 0958',
  address: '1 High Street',
  productName: 'Torque AG-125 Angle Grinder',
  productPrice: 49.9,
  productImg: '/images/tools/angle-grinder.svg',
  quantity: 2,
  totalPrice: 99.8,
  paid: status === 'paid' || status === 'shipped' || status === 'refunded',
  shiftNow: status === 'shipped',
  transactionId: status === 'unpaid' || status === 'cancelled' ? null : `pi_sandbox_${n}`,
  status,
  refundedAt: status === 'refunded' ? new Date(Date.UTC(2026, 10, 27)).toISOString() : null,
  createdAt: new Date(Date.UTC(2026, 10, 27, 12, 60 - n)).toISOString(),
});

/** GET /api/admin/orders answers `orders`; a refund answers `refund` (a status and a body). */
function storeOf(orders: Order[], refund: { status: number; body: unknown }) {
  setApiFetch(async (url, init) => {
    const path = new URL(url, 'http://store.test').pathname;
    if (path === '/api/admin/orders' && init.method === 'GET') {
      return Response.json({ items: orders, nextCursor: null, total: orders.length, totalCapped: false });
    }
    if (path.endsWith('/refund') && init.method === 'POST') {
      return Response.json(refund.body, { status: refund.status });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
}

async function showTable() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AllOrdersTable state={{ q: '', status: '' }} />
    </QueryClientProvider>,
  );
  return screen.findByRole('table', { name: 'All orders' });
}

const rowOf = (table: HTMLElement, buyer: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(buyer))!;

describe('Manage Orders', () => {
  afterEach(cleanup);

  it('says a cancelled order is cancelled and a refunded one refunded, neither awaiting nor holding money', async () => {
    storeOf([order(1, 'Ada', 'cancelled'), order(2, 'Ben', 'refunded'), order(3, 'Cy', 'paid')], {
      status: 404,
      body: {},
    });
    const table = await showTable();
    const cancelled = rowOf(table, 'Ada');
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(cancelled.textContent).not.toMatch(/Unpaid|Awaiting payment/);
    const refunded = rowOf(table, 'Ben');
    expect(within(refunded).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(refunded.textContent).not.toContain('Paid');
    expect(within(rowOf(table, 'Cy')).getByText('Paid')).toBeTruthy();
  });

  it('after a refund refused for good (409), the dialog says why and offers only Close', async () => {
    const paid = order(1, 'Ada', 'paid');
    storeOf([paid], {
      status: 409,
      body: { error: { code: 'order_shipped', message: 'A shipped order cannot be refunded.' } },
    });
    const table = await showTable();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: `Refund ${paid.productName} for Ada` }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(dialog).findByText('A shipped order cannot be refunded.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Yes, refund' })).toBeNull();
    // The button pressed is gone: focus is on Close, for Enter or Escape.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });
});
