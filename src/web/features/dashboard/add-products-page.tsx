import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { AddToolForm } from '#web/features/admin/components/add-tool-form.tsx';

/** /dashboard/addProducts (admins, SPEC §2): a new tool for the catalogue. */
export function AddProductsPage() {
  return (
    <AdminPage
      title="Add Products"
      intro="A new tool for the catalogue. It is on sale as soon as it is added."
    >
      <AddToolForm />
    </AdminPage>
  );
}
