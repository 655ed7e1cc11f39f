import { useSearchParams } from 'react-router';
import { catalogueState, useCatalogue } from '#web/features/tools/api/get-catalogue.ts';
import { useCategories } from '#web/features/tools/api/get-categories.ts';
import { CatalogueView } from '#web/features/tools/components/catalogue-view.tsx';
import { categoryName } from '#shared/categories.ts';

/** /tools (DESIGN §5.11): the whole catalogue, searched, filtered and sorted by its URL. */
export function ToolsPage() {
  const [params] = useSearchParams();
  const state = catalogueState(params);
  const page = useCatalogue(state);
  const categories = useCategories();
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
      />
    </>
  );
}
