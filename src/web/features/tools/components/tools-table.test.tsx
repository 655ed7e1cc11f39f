// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tool.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { ToolsTable } from './tools-table.tsx';

const drill: Tool = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
  name: 'Torque MX-40 Magnetic Drill',
  img: '/images/tools/drill.webp',
  description: 'A magnetic base drill.',
  price: 249.5,
  minimumOrder: 5,
  availableQuantity: 75,
  category: 'saws',
};

/**
 * The store as the table meets it: GET /api/catalogue lists the drill until a DELETE went through, and
 * DELETE /api/tool/{id} answers with `deletedCount`, as the server does (0: someone else was first).
 */
function storeAnswering(deletedCount: 0 | 1, more: Tool[] = [], matches?: number) {
  let listed = true;
  setApiFetch(async (url, init) => {
    if (url.startsWith('/api/catalogue?') && init.method === 'GET') {
      const items = listed ? [drill, ...more] : more;
      // A search's count stops at 100 (CATALOGUE_TOTAL_CAP) and says so.
      if (matches && matches > 100)
        return Response.json({ items, nextCursor: 'next', total: 100, totalCapped: true });
      return Response.json({ items, nextCursor: null, total: items.length, totalCapped: false });
    }
    if (url === `/api/tool/${drill._id}` && init.method === 'DELETE') {
      listed = false;
      return Response.json({ acknowledged: true, deletedCount });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
}

function showTable() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ToolsTable onDeleted={() => {}} />
        <ToastContainer {...toastContainerProps} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.findByRole('table', { name: 'Products in the catalogue' });
}

async function deleteTheDrill() {
  const table = await showTable();
  const user = userEvent.setup();
  await user.click(within(table).getByRole('button', { name: `Delete ${drill.name}` }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
}

describe('Manage Products: deleting a product', () => {
  afterEach(cleanup);

  it("says 'Successfully Delete Product' when the server removed it (deletedCount 1)", async () => {
    storeAnswering(1);
    await deleteTheDrill();
    expect(await screen.findByText('Successfully Delete Product')).toBeTruthy();
  });

  it('says it was already removed, and not that it deleted it, when deletedCount is 0', async () => {
    storeAnswering(0);
    await deleteTheDrill();
    expect(await screen.findByText(`${drill.name} was already removed.`)).toBeTruthy();
    expect(screen.queryByText('Successfully Delete Product')).toBeNull();
  });
});

describe('Manage Products: stock and editing', () => {
  afterEach(cleanup);

  it('marks in words a tool whose stock is under twice its minimum order, and links each to its edit form', async () => {
    // 9 left of a minimum order of 5: under 10. The drill has 75 of 5.
    const grinder: Tool = {
      ...drill,
      _id: '7a2d1c6f-2e3b-4d4c-9f50-6b7c8d9e0f1a',
      name: 'Torque G-9 Grinder',
      availableQuantity: 9,
    };
    storeAnswering(1, [grinder]);
    const table = await showTable();
    const [, drillRow, grinderRow] = within(table).getAllByRole('row');
    expect(within(grinderRow!).getByText('Low stock')).toBeTruthy();
    expect(within(drillRow!).queryByText('Low stock')).toBeNull();
    expect(
      within(grinderRow!).getByRole('link', { name: 'Edit Torque G-9 Grinder' }).getAttribute('href'),
    ).toBe(`/dashboard/editProduct/${grinder._id}`);
  });

  it('says a search matched more than it counted, when the count stopped at its cap', async () => {
    storeAnswering(1, [], 5000);
    await showTable();
    expect(await screen.findByText('Showing 1 of more than 100 products')).toBeTruthy();
  });
});
