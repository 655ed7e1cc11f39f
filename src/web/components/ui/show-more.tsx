import { useEffect, useRef } from 'react';
import { formatCount } from '#shared/money.ts';
import { BusyButton } from './busy-button.tsx';

interface ShowMoreProps {
  /** How many rows the list shows. */
  shown: number;
  /** How many there are, as the first page counted them (none yet: as many as shown). */
  total: number | undefined;
  /** The count stopped at `total`: there are more. */
  capped?: boolean;
  /** What the rows are, in the plural: 'orders'. */
  noun: string;
  pages: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<{ isError: boolean }>;
  };
}

/**
 * Under a list read a page at a time: how much of it shows, and the button that reads the next page.
 * The button keeps the focus while the page loads (disabled, it would drop it to the page's top);
 * once the page is in, focus moves to its first row, so the reader goes on from there.
 */
export function ShowMore({ shown, total, capped, noun, pages }: ShowMoreProps) {
  const root = useRef<HTMLDivElement>(null);
  // How many rows showed when Show more was pressed, until the next page's rows arrive.
  const pressedAt = useRef<number | null>(null);
  const loading = pages.isFetchingNextPage;

  useEffect(() => {
    if (pressedAt.current === null || shown <= pressedAt.current) return;
    focusRow(root.current, pressedAt.current);
    pressedAt.current = null;
  }, [shown]);

  const showMore = () => {
    pressedAt.current = shown;
    void pages.fetchNextPage().then(({ isError }) => {
      // Focus stays on the button, which can be pressed again.
      if (isError) pressedAt.current = null;
    });
  };

  const count = formatCount(total ?? shown);
  return (
    <div ref={root} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {formatCount(shown)} of {capped ? `more than ${count}` : count} {noun}
      </p>
      {pages.hasNextPage && (
        <BusyButton busy={loading} className="btn-outline" onClick={showMore}>
          Show more
        </BusyButton>
      )}
    </div>
  );
}

/**
 * Focuses the row at `index` of the list just before Show more: a DataTable's rows or a list's
 * items. A list drawn both as a table and as cards has one of them hidden (no boxes): the shown one.
 */
function focusRow(showMore: HTMLElement | null, index: number) {
  let list = showMore?.previousElementSibling;
  while (list && list.getClientRects().length === 0) list = list.previousElementSibling;
  const row = list?.querySelectorAll<HTMLElement>('tbody > tr, :scope > li')[index];
  if (!row) return;
  row.tabIndex = -1;
  row.focus();
}
