// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#shared/schemas/order.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
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

/**
 * GET /api/admin/orders answers `orders`; a refund answers `refund` (a status and a body), after
 * which the order is refunded (200) or, refused, was shipped meanwhile (409); PATCH /api/shiftNow
 * ships it.
 */
function storeOf(orders: Order[], refund: { status: number; body: unknown }) {
  const now = (id: string, status: 'shipped' | 'refunded') => {
    const index = orders.findIndex((o) => o._id === id);
    orders[index] = { ...orders[index]!, status, shiftNow: status === 'shipped' };
  };
  setApiFetch(async (url, init) => {
    const path = new URL(url, 'http://store.test').pathname;
    if (path === '/api/admin/orders' && init.method === 'GET') {
      return Response.json({ items: orders, nextCursor: null, total: orders.length, totalCapped: false });
    }
    const id = path.split('/').find((part) => orders.some((o) => o._id === part)) ?? '';
    if (path.endsWith('/refund') && init.method === 'POST') {
      if (refund.status === 200) now(id, 'refunded');
      if (refund.status === 409) now(id, 'shipped');
      return Response.json(refund.body, { status: refund.status });
    }
    if (path.startsWith('/api/shiftNow/') && init.method === 'PATCH') {
      now(id, 'shipped');
      return Response.json({ acknowledged: true, modifiedCount: 1 });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
}

async function showTable() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Under its page's heading, which takes focus when an order's buttons go, as the page has it.
  render(
    <QueryClientProvider client={queryClient}>
      <h1 tabIndex={-1}>Manage Orders</h1>
      <AllOrdersTable state={{ q: '', status: '' }} onChanged={() => heading().focus()} />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  return screen.findByRole('table', { name: 'All orders' });
}

const heading = () => screen.getByRole('heading', { name: 'Manage Orders' });

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

  it('says a shipped order is paid, and ready for shifting', async () => {
    storeOf([order(1, 'Ada', 'shipped')], { status: 404, body: {} });
    const shipped = rowOf(await showTable(), 'Ada');
    expect(within(shipped).getByText('Paid')).toBeTruthy();
    expect(within(shipped).getByText('Ready For Shifting')).toBeTruthy();
    expect(shipped.textContent).not.toMatch(/Unpaid/);
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
    // The order shipped meanwhile, and its Refund button went: focus goes to the heading.
    await user.keyboard('{Enter}');
    expect(await within(rowOf(table, 'Ada')).findByText('Ready For Shifting')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });

  it('marked ready for shifting by keyboard, an order’s buttons go and focus moves to the heading', async () => {
    const paid = order(1, 'Ada', 'paid');
    storeOf([paid], { status: 404, body: {} });
    const table = await showTable();
    const user = userEvent.setup();
    within(table)
      .getByRole('button', { name: `Pending: mark ${paid.productName} for Ada ready for shifting` })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Successfully Update Shifting')).toBeTruthy();
    expect(await within(rowOf(table, 'Ada')).findByText('Ready For Shifting')).toBeTruthy();
    expect(document.activeElement).toBe(heading());
  });

  it('refunded, an order’s buttons go and focus moves to the heading; the toast ends with one full stop', async () => {
    const paid = order(1, 'Buyer 7, Ltd.', 'paid');
    storeOf([paid], { status: 200, body: { ...paid, status: 'refunded' } });
    const table = await showTable();
    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('button', { name: `Refund ${paid.productName} for Buyer 7, Ltd.` }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('Order refunded: $99.80 returned to Buyer 7, Ltd.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });
});
