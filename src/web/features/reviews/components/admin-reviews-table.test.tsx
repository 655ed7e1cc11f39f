// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminReview } from '#shared/schemas/review.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { AdminReviewsTable } from './admin-reviews-table.tsx';

const review = (n: number, customerName: string): AdminReview => ({
  _id: `6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e${String(n).padStart(2, '0')}`,
  customerName,
  profession: 'Joiner',
  productName: 'Torque AG-125 Angle Grinder',
  ratings: 4,
  opinions: `Opinion ${n}`,
  img: '/images/people/placeholder.svg',
  verified: false,
  createdAt: new Date(Date.UTC(2026, 10, 23, 12, 60 - n)).toISOString(),
});

/** GET /api/admin/reviews in pages of two after a cursor (the last id), and DELETE /api/review/{id}. */
function storeOf(all: AdminReview[]) {
  let shown = [...all];
  const deleted: string[] = [];
  setApiFetch(async (url, init) => {
    const path = new URL(url, 'http://store.test');
    if (path.pathname === '/api/admin/reviews' && init.method === 'GET') {
      const after = path.searchParams.get('cursor');
      const start = after ? shown.findIndex((r) => r._id === after) + 1 : 0;
      const items = shown.slice(start, start + 2);
      const more = start + 2 < shown.length;
      return Response.json({ items, nextCursor: more ? items.at(-1)!._id : null, total: shown.length });
    }
    const id = path.pathname.replace('/api/review/', '');
    if (init.method === 'DELETE' && shown.some((r) => r._id === id)) {
      shown = shown.filter((r) => r._id !== id);
      deleted.push(id);
      return Response.json({ acknowledged: true, deletedCount: 1 });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  return deleted;
}

function showTable() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminReviewsTable onDeleted={() => {}} />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  return screen.findByRole('table', { name: 'Reviews, newest first' });
}

describe('the admin’s reviews', () => {
  afterEach(cleanup);

  it('shows a page at a time, newest first, and the next on Show more', async () => {
    storeOf([review(1, 'Ada'), review(2, 'Ben'), review(3, 'Cy')]);
    const table = await showTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Showing 2 of 3 reviews')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 3 of 3 reviews')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('deletes a review only once the dialog is confirmed, and says so', async () => {
    const deleted = storeOf([review(1, 'Banana Phone Fan'), review(2, 'Ben')]);
    const table = await showTable();
    const user = userEvent.setup();
    const button = within(table).getByRole('button', {
      name: 'Delete the review by Banana Phone Fan of Torque AG-125 Angle Grinder',
    });
    await user.click(button);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this review?' })).getByRole('button', {
        name: 'Keep it',
      }),
    );
    expect(deleted).toEqual([]);
    await user.click(button);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this review?' })).getByRole('button', {
        name: 'Yes, delete',
      }),
    );
    expect(await screen.findByText('Deleted the review by Banana Phone Fan')).toBeTruthy();
    expect(deleted).toEqual([review(1, '')._id]);
    expect(await screen.findByText('Showing 1 of 1 reviews')).toBeTruthy();
  });
});
