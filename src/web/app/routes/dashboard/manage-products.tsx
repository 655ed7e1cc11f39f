import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DashboardPage, FOCUS_HEADING } from '#web/components/ui/dashboard-page.tsx';
import { ListSearch } from '#web/components/ui/list-search.tsx';
import { ToolsTable } from '#web/features/tools/components/tools-table.tsx';

const PATH = '/dashboard/manageProducts';

/** /dashboard/manageProducts (admins, SPEC §2): the catalogue by name, searched by the URL, with a delete per product. */
export function ManageProductsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  useEffect(() => {
    // Back from Edit Product's saved form.
    if ((state as typeof FOCUS_HEADING | null)?.focusHeading) heading.current?.focus();
  }, [state]);
  return (
    <DashboardPage
      title="Manage Products"
      intro="The tools on sale. A deleted product leaves the store; orders already placed keep it."
      headingRef={heading}
    >
      <ListSearch label="Search products" placeholder="Name or description" q={q} path={PATH} />
      <ToolsTable q={q} onDeleted={() => heading.current?.focus()} />
    </DashboardPage>
  );
}
