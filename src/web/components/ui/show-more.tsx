import { formatCount } from '#shared/money.ts';

interface ShowMoreProps {
  /** How many rows the list shows. */
  shown: number;
  /** How many there are, as the first page counted them (none yet: as many as shown). */
  total: number | undefined;
  /** The count stopped at `total`: there are more. */
  capped?: boolean;
  /** What the rows are, in the plural: 'orders'. */
  noun: string;
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

/** Under a list read a page at a time: how much of it shows, and the button that reads the next page. */
export function ShowMore({ shown, total, capped, noun, pages }: ShowMoreProps) {
  const count = formatCount(total ?? shown);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {formatCount(shown)} of {capped ? `more than ${count}` : count} {noun}
      </p>
      {pages.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={pages.isFetchingNextPage}
          aria-busy={pages.isFetchingNextPage || undefined}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Show more
        </button>
      )}
    </div>
  );
}
