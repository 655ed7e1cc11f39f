import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { AllOrdersTable } from '#web/features/orders/components/all-orders-table.tsx';

/** /dashboard/manageOrders (admins, SPEC §2): every order; paid ones ship, or are refunded before that (issue 14). */
export function ManageOrdersPage() {
  return (
    <DashboardPage
      title="Manage Orders"
      intro="Every customer order. Press Pending on a paid order once it is ready for shifting, or Refund to return its money."
    >
      <AllOrdersTable />
    </DashboardPage>
  );
}
