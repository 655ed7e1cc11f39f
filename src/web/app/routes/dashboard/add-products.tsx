import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { ToolForm } from '#web/features/tools/components/tool-form.tsx';

/** /dashboard/addProducts (admins, SPEC §2): a new tool for the catalogue. */
export function AddProductsPage() {
  return (
    <DashboardPage
      title="Add Products"
      intro="A new tool for the catalogue. It is on sale as soon as it is added."
    >
      <ToolForm />
    </DashboardPage>
  );
}
