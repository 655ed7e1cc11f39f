// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { OrdersFilter } from './orders-filter.tsx';

afterEach(cleanup);

it('names each status as the badges do, a paid order being one to ship', () => {
  render(
    <MemoryRouter>
      <OrdersFilter state={{ q: '', status: '' }} path="/dashboard/manage-orders" />
    </MemoryRouter>,
  );
  const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'All but cancelled',
    'Unpaid',
    'Paid, to ship',
    'Ready For Shifting',
    'Cancelled',
    'Refunded',
  ]);
});
