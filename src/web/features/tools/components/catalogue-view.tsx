import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '#shared/money.ts';
import { categoryName } from '#shared/categories.ts';
import type { CatalogueSort } from '#shared/catalogue-query.ts';
import type { CategoryList, CataloguePage } from '#shared/schemas/tool.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { type CatalogueState, catalogueSearch } from '#web/features/tools/api/get-catalogue.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useNotFoundStatus } from '#web/lib/server-page.ts';
import { NO_TOOLS_YET } from './tools-section.tsx';
import { ToolCard } from './tool-card.tsx';

// Every sort the API takes has its words here (a sort added to catalogue-query.ts without them
// does not compile), in the order the menu lists them.
const SORTS = Object.entries({
  relevance: 'Best match',
  newest: 'Newest',
  name: 'Name',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
} satisfies Record<CatalogueSort, string>);

/**
 * What the list holds, and on a later page which of them it shows: 'Tools 25–32 of 32'; and the
 * searched words no tool has, which the search left out.
 */
function position(
  { items, total, totalCapped, unmatched = [] }: CataloguePage,
  q: string,
  from: number | undefined,
) {
  const count = `${formatCount(total)}${totalCapped ? '+' : ''}`;
  const leftOut = unmatched.length
    ? `, leaving out ${unmatched.map((word) => `"${word}"`).join(' and ')}: no tool has ${unmatched.length === 1 ? 'it' : 'them'}`
    : '';
  if (from && from > 1) {
    const last = formatCount(from + items.length - 1);
    return `Tools ${formatCount(from)}–${last} of ${count}${q ? ` matching "${q}"` : ''}${leftOut}`;
  }
  return `${total === 1 ? '1 tool' : `${count} tools`}${q ? ` ${total === 1 ? 'matches' : 'match'} "${q}"` : ''}${leftOut}`;
}

/** The address of a view's first page: the same search, filter and sort, without a cursor. */
const firstPageOf = (state: CatalogueState) => `/tools${catalogueSearch({ ...state, cursor: '' })}`;

interface CatalogueViewProps {
  state: CatalogueState;
  page: {
    data?: CataloguePage;
    isPending: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => void;
  };
  categories: CategoryList;
  /**
   * Where this page starts in the list: 1 on the first; after it, what the Next link said (a keyset
   * cursor cannot tell); undefined for a link without it.
   */
  from?: number;
}

/**
 * A field that shows the address's value when the address changes (back, a category link), in
 * place: drawn afresh instead, it would drop the keyboard of the visitor who just searched with it.
 */
function useShowing<Field extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<Field>(null);
  useEffect(() => {
    if (ref.current && ref.current.value !== value) ref.current.value = value;
  }, [value]);
  return ref;
}

/**
 * The catalogue at /tools: a search form (a GET form, so it works before the app's code runs),
 * category filters and pages as links, every one an address that can be shared.
 */
export function CatalogueView({ state, page, categories, from }: CatalogueViewProps) {
  const navigate = useNavigate();
  const searchId = useId();
  const sortId = useId();
  const go = (change: Partial<CatalogueState>) =>
    void navigate(`/tools${catalogueSearch({ ...state, cursor: '', ...change })}`);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    go({
      q: String(form.get('q') ?? '').trim(),
      sort: String(form.get('sort') ?? '') as CatalogueState['sort'],
    });
  };
  const sort = state.sort === 'relevance' ? '' : state.sort;
  const searchBox = useShowing<HTMLInputElement>(state.q);
  const sortMenu = useShowing<HTMLSelectElement>(sort);
  const shown =
    state.category && !categories.some((c) => c.slug === state.category)
      ? [...categories, { slug: state.category, name: categoryName(state.category), count: 0 }]
      : categories;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {state.category ? categoryName(state.category) : 'All tools'}
      </h1>
      <form
        role="search"
        method="get"
        action="/tools"
        onSubmit={onSubmit}
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-semibold text-slate-700">
            Search tools
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={state.q}
            ref={searchBox}
            maxLength={100}
            placeholder="Drill, grinder, press tool…"
            className="input w-full"
          />
        </div>
        {state.category && <input type="hidden" name="category" value={state.category} />}
        <div>
          <label htmlFor={sortId} className="mb-1 block text-sm font-semibold text-slate-700">
            Sort by
          </label>
          <select
            id={sortId}
            name="sort"
            ref={sortMenu}
            defaultValue={sort}
            onChange={(event) => go({ sort: event.currentTarget.value as CatalogueState['sort'] })}
            className="select w-full sm:w-52"
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value === 'relevance' ? '' : value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>

      <nav aria-label="Categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <CategoryLink state={state} slug="" current={!state.category}>
              All
            </CategoryLink>
          </li>
          {shown.map((category) => (
            <li key={category.slug}>
              <CategoryLink state={state} slug={category.slug} current={state.category === category.slug}>
                {category.name}
                {/* The category's tools, not the search's matches: shown only without a search. */}
                {!state.q && <span className="text-xs opacity-70"> ({category.count})</span>}
              </CategoryLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-8">
        {page.isPending ? (
          <FullScreenSpinner />
        ) : page.error instanceof ApiRequestError && page.error.fields?.cursor ? (
          <NoSuchPage state={state} />
        ) : page.isError || !page.data ? (
          <QueryError message="We couldn't load our tools." onRetry={() => void page.refetch()} />
        ) : page.data.items.length === 0 ? (
          <p
            role="status"
            className="rounded-box bg-base-200 p-8 text-center text-lg wrap-anywhere text-slate-700"
          >
            {state.q
              ? `No tools match "${state.q}"`
              : state.category
                ? 'No tools in this category yet'
                : NO_TOOLS_YET}
          </p>
        ) : (
          <>
            <p role="status" className="mb-4 text-sm wrap-anywhere text-slate-600">
              {position(page.data, state.q, from)}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {page.data.items.map((tool) => (
                <li key={tool._id} className="flex">
                  <ToolCard tool={tool} />
                </li>
              ))}
            </ul>
            <nav aria-label="Pages" className="mt-8 flex justify-center gap-3">
              {state.cursor && (
                <Link to={firstPageOf(state)} className="btn btn-outline">
                  First page
                </Link>
              )}
              {page.data.nextCursor && (
                <Link
                  to={`/tools${catalogueSearch({ ...state, cursor: page.data.nextCursor })}${from ? `&from=${from + page.data.items.length}` : ''}`}
                  className="btn btn-primary"
                >
                  Next page
                </Link>
              )}
            </nav>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A page of the list whose address the catalogue refuses (a link cut short when it was shared, or
 * one from before the catalogue changed its order):
 * asking again cannot help, the first page can. Sent as not found (404), and kept out of search engines.
 */
function NoSuchPage({ state }: { state: CatalogueState }) {
  useNotFoundStatus();
  return (
    <div role="status" className="rounded-box bg-base-200 p-8 text-center">
      <meta name="robots" content="noindex" />
      <p className="text-lg text-slate-700">
        This page of the list is not available: its link may be cut short, or older than the list.
      </p>
      <Link to={firstPageOf(state)} className="btn btn-primary mt-4">
        Show the first page
      </Link>
    </div>
  );
}

function CategoryLink({
  state,
  slug,
  current,
  children,
}: {
  state: CatalogueState;
  slug: string;
  current: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={`/tools${catalogueSearch({ ...state, category: slug, cursor: '' })}`}
      aria-current={current ? 'page' : undefined}
      className={`btn btn-sm ${current ? 'btn-neutral' : 'btn-outline'}`}
    >
      {children}
    </Link>
  );
}
