import { useSearchParams } from 'react-router';
import { catalogueState, useCatalogue } from '#web/features/tools/api/get-catalogue.ts';
import { useCategories } from '#web/features/tools/api/get-categories.ts';
import { CatalogueView } from '#web/features/tools/components/catalogue-view.tsx';
import { categoryName, isCategory } from '#shared/categories.ts';
import { NotFoundPage } from './not-found.tsx';

/** /tools (DESIGN §5.11): the whole catalogue, searched, filtered and sorted by its URL. */
export function ToolsPage() {
  const [params] = useSearchParams();
  const state = catalogueState(params);
  // Where a later page starts comes beside its cursor, which cannot tell it (the Next link's `from`).
  const given = Number(params.get('from'));
  const from = !state.cursor ? 1 : Number.isSafeInteger(given) && given > 1 ? given : undefined;
  const page = useCatalogue(state);
  const categories = useCategories();
  // A category no tool can have (a mistyped or old link) is not a page: 404, as for an unknown tool.
  if (state.category && !isCategory(state.category)) return <NotFoundPage />;
  const title = state.q
    ? `Tools matching "${state.q}" | Torque`
    : state.category
      ? `${categoryName(state.category)} | Torque`
      : 'All tools | Torque';
  return (
    <>
      <title>{title}</title>
      <meta
        name="description"
        content="Every Torque power tool and press tool: search the catalogue, filter by category, order in bulk at trade prices."
      />
      <CatalogueView
        state={state}
        page={{ ...page, refetch: () => void page.refetch() }}
        categories={categories.data ?? []}
        from={from}
      />
    </>
  );
}
