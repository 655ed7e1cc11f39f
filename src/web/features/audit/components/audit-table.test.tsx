// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { AuditTable } from './audit-table.tsx';

const ORDER = '24acc129-5b7e-4c1a-9f0d-3e2b1a0c9d8e';

const entry = (n: number, action: AuditEntry['action'], target: string, details: AuditEntry['details']) => ({
  _id: `6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e${String(n).padStart(2, '0')}`,
  actorEmail: 'chief@example.com',
  action,
  target,
  details,
  createdAt: new Date(Date.UTC(2026, 10, 23, 12, 60 - n)).toISOString(),
});

/** GET /api/admin/audit in pages of two after a cursor (the last id). */
function storeOf(all: AuditEntry[]) {
  setApiFetch(async (url) => {
    const path = new URL(url, 'http://store.test');
    if (path.pathname !== '/api/admin/audit') {
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }
    const after = path.searchParams.get('cursor');
    const start = after ? all.findIndex((e) => e._id === after) + 1 : 0;
    const items = all.slice(start, start + 2);
    const more = start + 2 < all.length;
    return Response.json({
      items,
      nextCursor: more ? items.at(-1)!._id : null,
      total: all.length,
      totalCapped: false,
    });
  });
}

function showTable() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuditTable />
    </QueryClientProvider>,
  );
  return screen.findByRole('table', { name: 'Admin actions, newest first' });
}

const rowOf = (table: HTMLElement, action: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(action))!;

describe('the audit log', () => {
  afterEach(cleanup);

  it('shows a page at a time, newest first, and older actions on Show more', async () => {
    storeOf([
      entry(1, 'tool.delete', 'a', { name: 'Drill A' }),
      entry(2, 'tool.delete', 'b', { name: 'Drill B' }),
      entry(3, 'user.promote', 'ida@example.com', null),
    ]);
    const table = await showTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Showing 2 of 3 actions')).toBeTruthy();
    expect(within(table).queryByText('Made admin')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 3 of 3 actions')).toBeTruthy();
    expect(rowOf(table, 'Made admin').textContent).toContain('ida@example.com');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('names every order by its short number, and says what a refund returned and an edit changed', async () => {
    storeOf([
      entry(1, 'order.refund', ORDER, { transactionId: 'pi_1', cents: 8970 }),
      entry(2, 'tool.edit', 'c', {
        name: 'Torque AG-125 Angle Grinder',
        changes: {
          price: { from: 49.9, to: 44.9 },
          availableQuantity: { from: 10, to: 60 },
          description: { from: 'Old words', to: 'New words' },
        },
      }),
    ]);
    const table = await showTable();
    const refund = rowOf(table, 'Refunded order');
    expect(within(refund).getByText('Order #24acc129').title).toBe(ORDER);
    expect(refund.textContent).not.toContain(ORDER);
    expect(refund.textContent).toContain('$89.70 refunded');
    const edit = rowOf(table, 'Edited product');
    expect(edit.textContent).toContain('Torque AG-125 Angle Grinder');
    expect(edit.textContent).toContain('price $49.90 → $44.90, stock 10 → 60, description changed');
  });
});
