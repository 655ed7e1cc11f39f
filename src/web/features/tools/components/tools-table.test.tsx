// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
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
 * The store as the table meets it: GET /api/tools lists the drill until a DELETE went through, and
 * DELETE /api/tool/{id} answers with `deletedCount`, as the server does (0: someone else was first).
 */
function storeAnswering(deletedCount: 0 | 1) {
  let listed = true;
  setApiFetch(async (url, init) => {
    if (url === '/api/tools' && init.method === 'GET') return Response.json(listed ? [drill] : []);
    if (url === `/api/tool/${drill._id}` && init.method === 'DELETE') {
      listed = false;
      return Response.json({ acknowledged: true, deletedCount });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
}

async function deleteTheDrill() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToolsTable onDeleted={() => {}} />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Products in the catalogue' });
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
