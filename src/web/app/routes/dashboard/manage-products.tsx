import { useRef } from 'react';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { ToolsTable } from '#web/features/tools/components/tools-table.tsx';

/** /dashboard/manageProducts (admins, SPEC §2): the catalogue, with a delete per product. */
export function ManageProductsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <DashboardPage
      title="Manage Products"
      intro="The tools on sale. A deleted product leaves the store; orders already placed keep it."
      headingRef={heading}
    >
      <ToolsTable onDeleted={() => heading.current?.focus()} />
    </DashboardPage>
  );
}
