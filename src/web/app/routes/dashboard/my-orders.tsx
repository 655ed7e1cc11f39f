import { useRef } from 'react';
import { Link } from 'react-router';
import type { Order } from '#shared/schemas/order.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useConfirmedAction } from '#web/components/ui/use-confirmed-action.ts';
import { QueryState, TableEmpty } from '#web/components/ui/data-table.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useCancelOrder } from '#web/features/orders/api/cancel-order.ts';
import { useMyOrders } from '#web/features/orders/api/get-my-orders.ts';
import { MyOrdersTable } from '#web/features/orders/components/my-orders-table.tsx';
import { toast } from '#web/lib/toast.ts';

/** /dashboard/myOrders (SPEC §2): the customer's orders, to pay or cancel. */
export function MyOrdersPage() {
  const auth = useCurrentUser();
  // The login guard renders this page only for a signed-in customer.
  const orders = useMyOrders(auth.user?.email ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const cancel = useConfirmedAction(useCancelOrder(), {
    variables: (order: Order) => order._id,
    onSuccess: () => toast.success('Order cancelled'),
    failure: 'dialog',
    // A cancelled order leaves the list, its Cancel button with it.
    refocus: () => heading.current?.focus(),
  });
  const toCancel = cancel.item;

  return (
    <div className="space-y-6 p-5 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
          My Orders
        </h1>
        {orders.data && orders.data.length > 0 && (
          <p className="text-sm text-slate-600">
            {orders.data.length} {orders.data.length === 1 ? 'order' : 'orders'}
          </p>
        )}
      </header>
      <QueryState
        query={orders}
        loadingLabel="Loading your orders"
        errorText="We couldn't load your orders."
        empty={
          <TableEmpty
            title="You have no orders yet."
            action={
              <Link to={{ pathname: '/', hash: '#tools' }} className="btn btn-primary mt-6">
                Browse our tools
              </Link>
            }
          >
            Pick a tool, choose a quantity and it will show up here.
          </TableEmpty>
        }
      >
        {(rows) => <MyOrdersTable orders={rows} onCancel={cancel.ask} />}
      </QueryState>
      <ConfirmDialog {...cancel.dialog} title="Cancel this order?" confirmLabel="Yes, cancel">
        {toCancel
          ? `Your order of ${toCancel.quantity} × ${toCancel.productName} will be cancelled and its stock released.`
          : ''}
      </ConfirmDialog>
    </div>
  );
}
