// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { CataloguePage, Tool } from '#shared/schemas/tool.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { CatalogueView } from './catalogue-view.tsx';

afterEach(cleanup);

const grinder: Tool = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
  name: 'Torque AG-125 Angle Grinder',
  img: '/images/tools/grinder.webp',
  description: 'An angle grinder.',
  price: 49.9,
  minimumOrder: 1,
  availableQuantity: 10,
  category: 'angle-grinders',
};

const categories = [
  { slug: 'cordless-drills', name: 'Cordless drills', count: 2 },
  { slug: 'angle-grinders', name: 'Angle grinders', count: 1 },
];

function show(data: CataloguePage, q = 'grnder') {
  render(
    <MemoryRouter>
      <CatalogueView
        state={{ q, category: '', sort: '', cursor: '' }}
        page={{ data, isPending: false, isError: false, refetch: () => {} }}
        categories={categories}
      />
    </MemoryRouter>,
  );
}

it('says a search matches "100+" tools when the count stopped at its cap', () => {
  show({ items: [grinder], nextCursor: null, total: 100, totalCapped: true });
  expect(screen.getByRole('status').textContent).toBe('100+ tools match "grnder"');
});

it('says the exact count below the cap', () => {
  show({ items: [grinder], nextCursor: null, total: 1, totalCapped: false });
  expect(screen.getByRole('status').textContent).toBe('1 tool matches "grnder"');
});

it('says which searched words it left out, as no tool has them', () => {
  show(
    { items: [grinder], nextCursor: null, total: 1, totalCapped: false, unmatched: ['makita'] },
    'makita grinder',
  );
  expect(screen.getByRole('status').textContent).toBe(
    '1 tool matches "makita grinder", leaving out "makita": no tool has it',
  );
});

it("counts each category's tools when nothing is searched", () => {
  show({ items: [grinder], nextCursor: null, total: 3, totalCapped: false }, '');
  const filters = screen.getByRole('navigation', { name: 'Categories' });
  expect(within(filters).getByRole('link', { name: 'Cordless drills (2)' })).toBeTruthy();
  expect(within(filters).getByRole('link', { name: 'Angle grinders (1)' })).toBeTruthy();
});

// A search's matches in a category are not the category's tools: 'grnder' finds no cordless drill,
// so "Cordless drills (2)" would promise two tools and show none.
it('gives no category a count during a search', () => {
  show({ items: [grinder], nextCursor: null, total: 1, totalCapped: false });
  const filters = screen.getByRole('navigation', { name: 'Categories' });
  expect(within(filters).getByRole('link', { name: 'Cordless drills' })).toBeTruthy();
  expect(within(filters).getByRole('link', { name: 'Angle grinders' })).toBeTruthy();
});

// A link cut short when it was shared: asking again gets the same 400, the first page gets the list.
it('offers the first page, not "Try again", for a page the catalogue refuses', () => {
  render(
    <MemoryRouter>
      <CatalogueView
        state={{ q: 'grnder', category: 'angle-grinders', sort: 'name', cursor: 'eyJhIjox' }}
        page={{
          isPending: false,
          isError: true,
          error: new ApiRequestError(400, 'invalid_input', 'Some fields are not valid.', {
            cursor: 'Not a cursor this catalogue gave',
          }),
          refetch: () => {},
        }}
        categories={categories}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('status').textContent).toContain('This page of the list is not available');
  expect(screen.getByRole('link', { name: 'Show the first page' }).getAttribute('href')).toBe(
    '/tools?q=grnder&category=angle-grinders&sort=name',
  );
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});

// Keyset pages have no number: the Next link says where the next page starts, so page 2 can say so.
it('shows which tools a later page holds, and where the page after it starts', () => {
  const nextPage = (from?: number) => {
    cleanup();
    render(
      <MemoryRouter>
        <CatalogueView
          state={{ q: '', category: '', sort: '', cursor: 'eyJhIjox' }}
          page={{
            data: {
              items: [grinder, { ...grinder, _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0e' }],
              nextCursor: 'eyJiIjoy',
              total: 60,
              totalCapped: false,
            },
            isPending: false,
            isError: false,
            refetch: () => {},
          }}
          categories={categories}
          from={from}
        />
      </MemoryRouter>,
    );
  };
  nextPage(25);
  expect(screen.getByRole('status').textContent).toBe('Tools 25–26 of 60');
  expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
    '/tools?cursor=eyJiIjoy&from=27',
  );
  expect(screen.getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/tools');
  // A link from before pages said where they start: the count, and no guess.
  nextPage(undefined);
  expect(screen.getByRole('status').textContent).toBe('60 tools');
  expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/tools?cursor=eyJiIjoy');
});

it("names a later page's tools among a search's matches", () => {
  render(
    <MemoryRouter>
      <CatalogueView
        state={{ q: 'drill', category: '', sort: '', cursor: 'eyJhIjox' }}
        page={{
          data: { items: [grinder], nextCursor: null, total: 25, totalCapped: false },
          isPending: false,
          isError: false,
          refetch: () => {},
        }}
        categories={categories}
        from={25}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('status').textContent).toBe('Tools 25–25 of 25 matching "drill"');
});
