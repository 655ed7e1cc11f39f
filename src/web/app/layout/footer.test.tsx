// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { CategoryList } from '#shared/schemas/tool.ts';
import { toolsKeys } from '#web/lib/query-keys.ts';
import { Footer } from './footer.tsx';

afterEach(cleanup);

/** The footer as the server draws it: with the catalogue's categories that have tools. */
function show(live: CategoryList) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(toolsKeys.categories(), live);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const column = (title: string) =>
  within(screen.getByRole('heading', { name: title }).parentElement!)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

it('links only the categories that have tools for sale, in the store order', () => {
  show([
    { slug: 'saws', name: 'Saws', count: 3 },
    { slug: 'cordless-drills', name: 'Cordless drills', count: 2 },
    { slug: 'pipe-press-tools', name: 'Pipe press tools', count: 1 },
  ]);
  expect(column('Tools')).toEqual([
    ['Cordless drills', '/tools?category=cordless-drills'],
    ['Saws', '/tools?category=saws'],
  ]);
  expect(column('Press Tools')).toEqual([['Pipe press tools', '/tools?category=pipe-press-tools']]);
});

it('links the whole catalogue from a column none of whose categories has tools', () => {
  show([{ slug: 'saws', name: 'Saws', count: 3 }]);
  expect(column('Press Tools')).toEqual([['All tools', '/tools']]);
});
