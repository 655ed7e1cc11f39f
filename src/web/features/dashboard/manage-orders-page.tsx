import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { OrdersTable } from '#web/features/admin/components/orders-table.tsx';

/** /dashboard/manageOrders (admins, SPEC §2): every order; paid ones are marked ready for shifting. */
export function ManageOrdersPage() {
  return (
    <AdminPage
      title="Manage Orders"
      intro="Every customer order. Press Pending on a paid order once it is ready for shifting."
    >
      <OrdersTable />
    </AdminPage>
  );
}
