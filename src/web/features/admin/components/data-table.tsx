import { useId, type ReactNode } from 'react';
import { QueryError } from '#web/components/ui/query-error.tsx';

interface DataTableProps {
  /** Read by screen readers as the table's name, and names the scrolling region. */
  caption: string;
  /** Column headings, in order. */
  columns: readonly string[];
  /** Below this width the table scrolls sideways inside its frame instead of squeezing its cells. */
  minWidthClass?: string;
  children: ReactNode;
}

/**
 * An admin list as a real table, from the md breakpoint up (below it the list shows as cards, see
 * CardList). Where the table is still wider than its room it scrolls sideways inside a frame that
 * is itself focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function DataTable({ caption, columns, minWidthClass = '', children }: DataTableProps) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="hidden overflow-x-auto rounded-box border border-base-300 md:block"
    >
      <table className={`table w-full ${minWidthClass}`}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-base-200 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The same list below the md breakpoint: one card per row, each value under its column's name. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="space-y-3 md:hidden">
      {children}
    </ul>
  );
}

/** One card of a CardList; its number is the table's '#'. */
export function Card({ number, children }: { number?: number; children: ReactNode }) {
  return (
    <li className="rounded-box border border-base-300 p-4">
      {number !== undefined && <p className="text-xs font-semibold text-slate-600">#{number}</p>}
      {children}
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

/** What an admin list shows while its data loads. */
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

/** An admin list with nothing in it yet. */
export function TableEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-box border border-dashed border-slate-300 bg-base-200/50 px-6 py-12 text-center">
      <p className="text-lg font-bold text-slate-900">{title}</p>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
    </div>
  );
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

/** Loading, failed, empty or the rows: the four states every admin list goes through. */
export function QueryState<T>({ query, loadingLabel, errorText, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <TableLoading label={loadingLabel} />;
  if (query.isError || !query.data) {
    return <QueryError message={errorText} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
