import { formatDollars } from '#shared/money.ts';
import type { Order } from '#shared/schemas/order.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { BusyButton } from '#web/components/ui/busy-button.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { useConfirmedAction } from '#web/components/ui/use-confirmed-action.ts';
import { TruckIcon } from '#web/components/ui/icons.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { sentence } from '#web/lib/text.ts';
import { toast } from '#web/lib/toast.ts';
import { type AdminOrdersState, useAdminOrders } from '#web/features/orders/api/get-admin-orders.ts';
import { useRefundOrder } from '#web/features/orders/api/refund-order.ts';
import { useShipOrder } from '#web/features/orders/api/ship-order.ts';
import {
  Card,
  CardField,
  CardList,
  DataTable,
  pagedRows,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';

const COLUMNS = [
  '#',
  'Buyer Name',
  'Product Name',
  'Quantity',
  'Price',
  'Payment',
  'Payment Status',
] as const;

/**
 * SPEC §2 Manage orders: the orders of the filter, a page at a time (GET /admin/orders);
 * a paid one can be marked ready for shifting (SPEC §4), or, until then, refunded in full after a
 * confirmation. Either takes the order's buttons away for good: `onChanged` then puts
 * focus elsewhere (the page's heading).
 */
export function AllOrdersTable({ state, onChanged }: { state: AdminOrdersState; onChanged: () => void }) {
  const pages = useAdminOrders(state);
  const first = pages.data?.pages[0];
  const orders = pagedRows(pages);
  const filtered = Boolean(state.q || state.status);
  const ship = useShipOrder();
  const refund = useConfirmedAction(useRefundOrder(), {
    variables: (order: Order) => order._id,
    onSuccess: (_refunded, order) =>
      toast.success(sentence(`Order refunded: ${formatDollars(order.totalPrice)} returned to ${order.name}`)),
    failure: 'dialog',
    refocus: onChanged,
  });
  const toRefund = refund.item;

  const markReady = (order: Order) => {
    ship.mutate(order._id, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount === 1) toast.success('Successfully Update Shifting');
        else toast.info('This order was already ready for shifting.');
        onChanged();
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  };

  return (
    <QueryState
      query={orders}
      loadingLabel="Loading orders"
      errorText="We couldn't load the orders."
      empty={
        filtered ? (
          <TableEmpty title="No orders match">Try another search or status.</TableEmpty>
        ) : (
          <TableEmpty title="No orders yet">Orders appear here as soon as customers place them.</TableEmpty>
        )
      }
    >
      {(rows) => (
        <>
          <DataTable caption="All orders" columns={COLUMNS} minWidthClass="min-w-[52rem]">
            {rows.map((order, index) => (
              <tr key={order._id} className="hover:bg-base-200/50">
                <th scope="row" className="font-semibold text-slate-600">
                  {index + 1}
                </th>
                <td className="min-w-40">
                  <Buyer order={order} />
                </td>
                <td className="min-w-40 font-medium wrap-anywhere text-slate-900">{order.productName}</td>
                <td className="tabular-nums">{order.quantity}</td>
                <td className="whitespace-nowrap tabular-nums">
                  <Price order={order} />
                </td>
                <td>
                  <Payment order={order} />
                </td>
                <td className="whitespace-nowrap">
                  <ShippingStatus
                    order={order}
                    pending={ship.isPending && ship.variables === order._id}
                    onMarkReady={() => markReady(order)}
                    onRefund={(button) => refund.ask(order, button)}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
          <CardList label="All orders">
            {rows.map((order, index) => (
              <Card key={order._id} number={index + 1}>
                <div className="flex items-start justify-between gap-3">
                  <p className="font-semibold text-slate-900">{order.productName}</p>
                  <Payment order={order} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                  <CardField label="Buyer Name" wide>
                    <Buyer order={order} />
                  </CardField>
                  <CardField label="Quantity">
                    <span className="tabular-nums">{order.quantity}</span>
                  </CardField>
                  <CardField label="Price">
                    <Price order={order} />
                  </CardField>
                  <CardField label="Payment Status" wide>
                    <ShippingStatus
                      order={order}
                      pending={ship.isPending && ship.variables === order._id}
                      onMarkReady={() => markReady(order)}
                      onRefund={(button) => refund.ask(order, button)}
                    />
                  </CardField>
                </dl>
              </Card>
            ))}
          </CardList>
          <ShowMore
            shown={rows.length}
            total={first?.total}
            capped={first?.totalCapped}
            noun="orders"
            pages={pages}
          />
          <ConfirmDialog {...refund.dialog} title="Refund this order?" confirmLabel="Yes, refund">
            {toRefund
              ? `${formatDollars(toRefund.totalPrice)} goes back to ${toRefund.name}'s card for ${toRefund.quantity} × ${toRefund.productName}, and the stock returns. This cannot be undone.`
              : ''}
          </ConfirmDialog>
        </>
      )}
    </QueryState>
  );
}

/**
 * A name or an email with no break in it (a 43-character spreadsheet formula) wraps anywhere rather
 * than widening the column until the order's buttons leave the screen.
 */
function Buyer({ order }: { order: Order }) {
  return (
    <>
      <p className="font-semibold wrap-anywhere text-slate-900">{order.name}</p>
      <p className="text-xs wrap-anywhere text-slate-600">
        <EmailText email={order.email} />
      </p>
    </>
  );
}

function Price({ order }: { order: Order }) {
  return (
    <>
      <p className="font-semibold text-slate-900 tabular-nums">{formatDollars(order.totalPrice)}</p>
      <p className="text-xs text-slate-600">{formatDollars(order.productPrice)} each</p>
    </>
  );
}

/**
 * SPEC's Paid or Unpaid; a refunded or cancelled order says so instead (neither is money held). A
 * shipped order's payment is Paid: the next column says it shipped.
 */
function Payment({ order }: { order: Order }) {
  return <OrderStatusBadge status={order.status === 'shipped' ? 'paid' : order.status} />;
}

interface ShippingStatusProps {
  order: Order;
  pending: boolean;
  onMarkReady: () => void;
  onRefund: (button: HTMLButtonElement) => void;
}

/**
 * Unpaid: nothing to do yet. Paid: 'Pending' until pressed, or Refund. Then 'Ready For Shifting'
 * or 'Refunded', for good. Cancelled: nothing to ship, its stock back on sale.
 */
function ShippingStatus({ order, pending, onMarkReady, onRefund }: ShippingStatusProps) {
  if (order.status === 'refunded')
    return <span className="text-sm font-semibold text-slate-700">Refunded</span>;
  if (order.status === 'cancelled')
    return <span className="text-sm text-slate-600">Cancelled, stock returned</span>;
  if (!order.paid) return <span className="text-sm text-slate-600">Awaiting payment</span>;
  if (order.shiftNow) {
    return (
      <span className="flex items-center gap-1.5 text-sm font-semibold text-success">
        <TruckIcon className="size-4" />
        Ready For Shifting
      </span>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <BusyButton
        busy={pending}
        className="btn-primary btn-sm"
        // The visible word is SPEC's; the name says what pressing it does, and for which order.
        aria-label={`Pending: mark ${order.productName} for ${order.name} ready for shifting`}
        title="Mark ready for shifting"
        onClick={onMarkReady}
      >
        Pending
      </BusyButton>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={`Refund ${order.productName} for ${order.name}`}
        disabled={pending}
        onClick={(event) => onRefund(event.currentTarget)}
      >
        Refund
      </button>
    </div>
  );
}
