// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';
import { ShowMore } from './show-more.tsx';

interface Page {
  items: string[];
  next: number | null;
}

/** Tools in pages of two; the first page comes at once, each later one when the test lets it. */
function storeOf(names: string[]) {
  const waiting: (() => void)[] = [];
  const page = (start: number): Page => ({
    items: names.slice(start, start + 2),
    next: start + 2 < names.length ? start + 2 : null,
  });
  const fetchPage = (start: number) =>
    start === 0
      ? Promise.resolve(page(0))
      : new Promise<Page>((resolve) => waiting.push(() => resolve(page(start))));
  const sendNextPage = () => act(async () => waiting.shift()!());
  return { fetchPage, sendNextPage, waiting };
}

function Tools({ fetchPage, total }: { fetchPage: (start: number) => Promise<Page>; total: number }) {
  const pages = useInfiniteQuery({
    queryKey: ['tools'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <DataTable caption="Tools" columns={['Name']}>
        {rows.map((name) => (
          <tr key={name}>
            <td>{name}</td>
          </tr>
        ))}
      </DataTable>
      <ShowMore shown={rows.length} total={total} noun="tools" pages={pages} />
    </>
  );
}

async function showList(names: string[]) {
  const store = storeOf(names);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Tools fetchPage={store.fetchPage} total={names.length} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText(`Showing 2 of ${names.length} tools`)).toBeTruthy();
  return { ...store, table: screen.getByRole('table', { name: 'Tools' }) };
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent === name);

describe('Show more, by keyboard', () => {
  afterEach(cleanup);

  it('keeps focus while the next page loads, then puts it on the first new row', async () => {
    const { table, sendNextPage, waiting } = await showList(['Drill', 'Saw', 'Grinder', 'Sander', 'Planer']);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Show more' });
    button.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Show more', busy: true })).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    // Pressed again while loading, it asks for nothing more.
    await user.keyboard('{Enter}');
    expect(waiting).toHaveLength(1);

    await sendNextPage();
    expect(await screen.findByText('Showing 4 of 5 tools')).toBeTruthy();
    expect(document.activeElement).toBe(rowOf(table, 'Grinder'));
  });

  it('puts focus on the first new row when the last page takes the button away', async () => {
    const { table, sendNextPage } = await showList(['Drill', 'Saw', 'Grinder']);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Show more' }).focus();
    await user.keyboard('{Enter}');
    await sendNextPage();

    expect(await screen.findByText('Showing 3 of 3 tools')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(document.activeElement).toBe(rowOf(table, 'Grinder'));
  });
});
