// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { setApiFetch } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { AddReviewPage } from './add-review.tsx';

afterEach(cleanup);

const tool = (n: number, name: string) => ({
  _id: `6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0${n}`,
  name,
  img: '/images/tools/jigsaw.svg',
  description: 'A tool.',
  price: 10,
  minimumOrder: 1,
  availableQuantity: 5,
  category: 'saws',
});

it("offers the catalogue's products as the product name, the customer's bought tools first", async () => {
  const tools = [tool(1, 'Torque A Drill'), tool(2, 'Torque B Grinder'), tool(3, 'Torque C Saw')];
  setApiFetch(async (url) => {
    if (url === '/api/tools') return Response.json(tools);
    if (url.startsWith('/api/myOrders')) {
      return Response.json([
        { toolsId: tools[2]!._id, productName: tools[2]!.name, paid: true },
        { toolsId: tools[1]!._id, productName: tools[1]!.name, paid: false },
      ]);
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    name: 'Ann',
    email: 'ann@example.com',
    image: null,
    role: 'user',
  });
  const { container } = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AddReviewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const offered = () =>
    [...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'));
  await waitFor(() => expect(offered()).toEqual(['Torque C Saw', 'Torque A Drill', 'Torque B Grinder']));
});
