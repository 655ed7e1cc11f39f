import type { Order } from '#shared/schemas/order.ts';
import { formatDollars } from '#shared/money.ts';
import { Card, CardList, DataTable } from '#web/components/ui/data-table.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PayBy } from './pay-by.tsx';

interface MyOrdersTableProps {
  orders: readonly Order[];
  onCancel: (order: Order, button: HTMLElement) => void;
}

const CAPTION = 'Your orders, newest first';

// The day an order was placed, the same on the server's first view and in the browser: in UTC.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const orderedOn = (order: Order) => dayFormat.format(new Date(order.createdAt));
const COLUMNS = [
  'Item',
  { name: 'Quantity', numeric: true },
  { name: 'Price', numeric: true },
  'Location',
  'Phone',
  'Status',
  'Action',
] as const;

/**
 * SPEC §2 My Orders: item, quantity, price, location, phone, status (Unpaid, Paid, Ready
 * For Shifting, Refunded) and the action. A table
 * where seven columns fit (xl, beside the sidebar); below that the same orders as cards.
 */
export function MyOrdersTable({ orders, onCancel }: MyOrdersTableProps) {
  return (
    <>
      <DataTable caption={CAPTION} columns={COLUMNS} minWidthClass="min-w-[52rem]" from="xl">
        {orders.map((order) => {
          const itemId = `order-row-${order._id}`;
          return (
            <tr key={order._id} className="align-top hover:bg-base-200/50">
              <th scope="row" className="text-left font-normal">
                <div className="flex items-center gap-3">
                  <img
                    src={order.productImg}
                    alt=""
                    width={48}
                    height={36}
                    loading="lazy"
                    className="h-9 w-12 shrink-0 rounded border border-base-300 object-cover"
                  />
                  <div>
                    <span id={itemId} className="font-semibold text-slate-900">
                      {order.productName}
                    </span>
                    <span className="block text-xs text-slate-600">Ordered {orderedOn(order)}</span>
                    <PayBy order={order} className="block text-xs text-slate-700" />
                  </div>
                </div>
              </th>
              <td className="text-right tabular-nums">{order.quantity}</td>
              <td className="text-right tabular-nums">
                <span className="font-semibold text-slate-900">{formatDollars(order.totalPrice)}</span>
                <span className="block text-xs whitespace-nowrap text-slate-600">
                  {formatDollars(order.productPrice)} each
                </span>
              </td>
              {/* Its lines as the customer typed them into the Address box. */}
              <td className="break-words whitespace-pre-line text-slate-700">{order.address}</td>
              <td className="whitespace-nowrap text-slate-700">{order.phone}</td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              <td>
                <OrderActions order={order} itemId={itemId} onCancel={onCancel} stacked />
              </td>
            </tr>
          );
        })}
      </DataTable>
      <CardList label={CAPTION} from="xl" grid>
        {orders.map((order) => {
          const itemId = `order-card-${order._id}`;
          return (
            <Card key={order._id} labelledBy={itemId}>
              <div className="flex items-start gap-3">
                <img
                  src={order.productImg}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="h-12 w-16 shrink-0 rounded border border-base-300 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <h2 id={itemId} className="font-bold text-slate-900">
                    {order.productName}
                  </h2>
                  <div className="mt-1">
                    <OrderStatusBadge status={order.status} />
                  </div>
                </div>
              </div>
              <dl className="mt-3 mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Ordered</dt>
                <dd className="text-right text-slate-900">{orderedOn(order)}</dd>
                <dt className="text-slate-600">Quantity</dt>
                <dd className="text-right font-semibold text-slate-900 tabular-nums">{order.quantity}</dd>
                <dt className="text-slate-600">Price</dt>
                <dd className="text-right font-semibold text-slate-900 tabular-nums">
                  {formatDollars(order.totalPrice)}
                </dd>
                <dt className="text-slate-600">Location</dt>
                <dd className="text-right break-words whitespace-pre-line text-slate-900">{order.address}</dd>
                <dt className="text-slate-600">Phone</dt>
                <dd className="text-right text-slate-900">{order.phone}</dd>
              </dl>
              <div className="mt-auto border-t border-base-300 pt-3">
                <PayBy order={order} className="mb-2 block text-sm text-slate-700" />
                <OrderActions order={order} itemId={itemId} onCancel={onCancel} />
              </div>
            </Card>
          );
        })}
      </CardList>
    </>
  );
}
