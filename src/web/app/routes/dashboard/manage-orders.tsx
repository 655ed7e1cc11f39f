import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { adminOrdersState } from '#web/features/orders/api/get-admin-orders.ts';
import { AllOrdersTable } from '#web/features/orders/components/all-orders-table.tsx';
import { OrdersFilter } from '#web/features/orders/components/orders-filter.tsx';

const PATH = '/dashboard/manageOrders';

/**
 * /dashboard/manageOrders (admins, SPEC §2): the orders, searched and filtered by the URL, a page at
 * a time; paid ones ship, or are refunded before that.
 */
export function ManageOrdersPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [params] = useSearchParams();
  const state = adminOrdersState(params);
  return (
    <DashboardPage
      title="Manage Orders"
      intro="Every customer order, newest first. Press Pending on a paid order once it is ready for shifting, or Refund to return its money."
      headingRef={heading}
    >
      <OrdersFilter state={state} path={PATH} />
      <AllOrdersTable state={state} onChanged={() => heading.current?.focus()} />
    </DashboardPage>
  );
}
