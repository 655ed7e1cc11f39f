// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/order.ts';
import { MyOrdersTable } from './my-orders-table.tsx';

afterEach(cleanup);

// Placed late on 27 November in UTC: already the 28th in Tokyo, still the 27th in Los Angeles.
const order: Order = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e01',
  toolsId: '7a1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e00',
  name: 'John Smith',
  email: 'john.smith@acme.co.uk',
  phone: '+44 20 7946 0958',
  address: '1 High Street',
  productName: 'Torque AG-125 Angle Grinder',
  productPrice: 49.9,
  productImg: '/images/tools/angle-grinder.svg',
  quantity: 2,
  totalPrice: 99.8,
  paid: false,
  shiftNow: false,
  transactionId: null,
  status: 'unpaid',
  refundedAt: null,
  createdAt: '2026-11-27T23:30:00.000Z',
  // Held for the default two hours.
  payBy: '2026-11-28T01:30:00.000Z',
};

it("shows the day each order was placed, in UTC, in the table and on the phone's cards", () => {
  render(
    <MemoryRouter>
      <MyOrdersTable orders={[order]} onCancel={() => {}} />
    </MemoryRouter>,
  );
  const row = screen.getByRole('row', { name: /Torque AG-125 Angle Grinder/ });
  expect(within(row).getByText('Ordered Nov 27, 2026')).toBeTruthy();
  const card = screen.getByRole('article', { name: 'Torque AG-125 Angle Grinder' });
  expect(within(card).getByText('Ordered').nextElementSibling?.textContent).toBe('Nov 27, 2026');
});

it('says until when an unpaid order is held, in UTC, and says nothing of it once the order is paid', () => {
  const paid: Order = {
    ...order,
    _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e02',
    productName: 'Torque CD-18 Cordless Drill',
    paid: true,
    status: 'paid',
    transactionId: 'pi_sandbox_1',
    payBy: null,
  };
  render(
    <MemoryRouter>
      <MyOrdersTable orders={[order, paid]} onCancel={() => {}} />
    </MemoryRouter>,
  );
  const payBy = 'Pay by Nov 28, 01:30 UTC or it is cancelled';
  const saying = (text: string) => (_: string, element: Element | null) => element?.textContent === text;
  const row = screen.getByRole('row', { name: /Torque AG-125 Angle Grinder/ });
  expect(within(row).getByText(saying(payBy))).toBeTruthy();
  const card = screen.getByRole('article', { name: 'Torque AG-125 Angle Grinder' });
  expect(within(card).getByText(saying(payBy))).toBeTruthy();

  const paidRow = screen.getByRole('row', { name: /Torque CD-18 Cordless Drill/ });
  const paidCard = screen.getByRole('article', { name: 'Torque CD-18 Cordless Drill' });
  for (const place of [paidRow, paidCard]) expect(place.textContent).not.toContain('Pay by');
});
