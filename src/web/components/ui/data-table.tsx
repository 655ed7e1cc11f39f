import { useId, type ReactNode } from 'react';
import { QueryError } from './query-error.tsx';

/** The breakpoint from which a list shows as a table; below it, as cards. */
export type TableFrom = 'md' | 'xl';

// Whole class names, so that Tailwind finds them in the source.
const SHOWN: Record<TableFrom, { table: string; cards: string }> = {
  md: { table: 'md:block', cards: 'md:hidden' },
  xl: { table: 'xl:block', cards: 'xl:hidden' },
};

/** A column heading; a numeric column's heading sits right, over its numbers. */
export type Column = string | { name: string; numeric: true };

interface DataTableProps {
  /** Read by screen readers as the table's name, and names the scrolling region. */
  caption: string;
  /** Column headings, in order. */
  columns: readonly Column[];
  /** Below this width the table scrolls sideways inside its frame instead of squeezing its cells. */
  minWidthClass?: string;
  /** md (the default) for a few columns; xl where many must fit beside the dashboard's sidebar. */
  from?: TableFrom;
  children: ReactNode;
}

/**
 * A list as a real table, from the `from` breakpoint up (below it the list shows as cards, see
 * CardList). Where the table is still wider than its room it scrolls sideways inside a frame that
 * is itself focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function DataTable({ caption, columns, minWidthClass = '', from = 'md', children }: DataTableProps) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`hidden overflow-x-auto rounded-box border border-base-300 ${SHOWN[from].table}`}
    >
      <table className={`table w-full ${minWidthClass}`}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-base-200 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col" className="whitespace-nowrap">
                  {column}
                </th>
              ) : (
                <th key={column.name} scope="col" className="text-right whitespace-nowrap">
                  {column.name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface CardListProps {
  label: string;
  /** The DataTable's breakpoint, from which the cards hide. */
  from?: TableFrom;
  /** Two cards a row from the sm breakpoint, rather than one under another. */
  grid?: boolean;
  children: ReactNode;
}

/** The same list below the table's breakpoint: one card per row, each value under its column's name. */
export function CardList({ label, from = 'md', grid = false, children }: CardListProps) {
  const layout = grid ? 'grid gap-4 sm:grid-cols-2' : 'space-y-3';
  return (
    <ul aria-label={label} className={`${layout} ${SHOWN[from].cards}`}>
      {children}
    </ul>
  );
}

interface CardProps {
  /** The table's '#'. */
  number?: number;
  /** The id of the card's own heading: the card is then an article named by it. */
  labelledBy?: string;
  children: ReactNode;
}

/** One card of a CardList. */
export function Card({ number, labelledBy, children }: CardProps) {
  const content = (
    <>
      {number !== undefined && <p className="text-xs font-semibold text-slate-600">#{number}</p>}
      {children}
    </>
  );
  if (labelledBy === undefined) return <li className="rounded-box border border-base-300 p-4">{content}</li>;
  return (
    <li className="flex">
      <article
        aria-labelledby={labelledBy}
        className="flex w-full flex-col rounded-box border border-base-300 bg-base-100 p-4"
      >
        {content}
      </article>
    </li>
  );
}

/** A column's name and its value inside a card's <dl>. */
export function CardField({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** What a list shows while its data loads. */
export function TableLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex items-center justify-center rounded-box border border-base-300 p-10"
    >
      <span className="loading loading-spinner size-10 text-rust" aria-hidden="true" />
    </div>
  );
}

interface TableEmptyProps {
  title: string;
  children?: ReactNode;
  /** What to do about it, such as a link to where the list fills up. */
  action?: ReactNode;
}

/** A list with nothing in it yet. */
export function TableEmpty({ title, children, action }: TableEmptyProps) {
  return (
    <div className="rounded-box border border-dashed border-slate-300 bg-base-200/50 px-6 py-12 text-center">
      <p className="text-lg font-bold text-slate-900">{title}</p>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
      {action}
    </div>
  );
}

/**
 * A list read a page at a time (an infinite query) as QueryState reads a list: its pages' items as
 * one, and failed only while no page is in (a later page's failure keeps the rows shown).
 */
export function pagedRows<T>(pages: {
  isPending: boolean;
  isError: boolean;
  data?: { pages: { items: T[] }[] };
  refetch: () => unknown;
}): QueryStateProps<T>['query'] {
  return {
    isPending: pages.isPending,
    isError: pages.isError && !pages.data,
    data: pages.data?.pages.flatMap((page) => page.items),
    refetch: () => void pages.refetch(),
  };
}

interface QueryStateProps<T> {
  query: {
    isPending: boolean;
    isError: boolean;
    data: T[] | undefined;
    refetch: () => unknown;
  };
  loadingLabel: string;
  /** Shown when the list could not be read, with a retry button. */
  errorText: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/** Loading, failed, empty or the rows: the four states every list goes through. */
export function QueryState<T>({ query, loadingLabel, errorText, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <TableLoading label={loadingLabel} />;
  if (query.isError || !query.data) {
    return <QueryError message={errorText} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
