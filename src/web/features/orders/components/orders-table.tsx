import type { Order } from '#shared/schemas/order.ts';
import { formatDollars } from '#shared/money.ts';
import { OrderActions, PaymentBadge } from './order-actions.tsx';

interface OrdersViewProps {
  orders: readonly Order[];
  onCancel: (order: Order) => void;
}

const head = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const cell = 'px-3 py-3 align-top';
// [heading, right-aligned]
const COLUMNS = [
  ['Item', false],
  ['Quantity', true],
  ['Price', true],
  ['Location', false],
  ['Phone', false],
  ['Payment', false],
  ['Action', false],
] as const;

/**
 * SPEC §2 My Orders: item, quantity, price, location, phone, payment status and the action. A table
 * where seven columns fit (xl, beside the sidebar); below that the same orders as cards.
 */
export function OrdersTable({ orders, onCancel }: OrdersViewProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 xl:block">
        <table className="w-full min-w-[52rem] text-sm">
          <caption className="sr-only">Your orders, newest first</caption>
          <thead className="bg-base-200">
            <tr>
              {COLUMNS.map(([name, numeric]) => (
                <th key={name} scope="col" className={numeric ? `${head} text-right` : head}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-base-300">
            {orders.map((order) => {
              const itemId = `order-row-${order._id}`;
              return (
                <tr key={order._id} className="hover:bg-base-200/50">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    <div className="flex items-center gap-3">
                      <img
                        src={order.productImg}
                        alt=""
                        width={48}
                        height={36}
                        loading="lazy"
                        className="h-9 w-12 shrink-0 rounded border border-base-300 object-cover"
                      />
                      <span id={itemId} className="font-semibold text-slate-900">
                        {order.productName}
                      </span>
                    </div>
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>{order.quantity}</td>
                  <td className={`${cell} text-right tabular-nums`}>
                    <span className="font-semibold text-slate-900">{formatDollars(order.totalPrice)}</span>
                    <span className="block text-xs whitespace-nowrap text-slate-600">
                      {formatDollars(order.productPrice)} each
                    </span>
                  </td>
                  <td className={`${cell} break-words text-slate-700`}>{order.address}</td>
                  <td className={`${cell} whitespace-nowrap text-slate-700`}>{order.phone}</td>
                  <td className={cell}>
                    <PaymentBadge paid={order.paid} />
                  </td>
                  <td className={cell}>
                    <OrderActions order={order} itemId={itemId} onCancel={onCancel} stacked />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 xl:hidden">
        {orders.map((order) => {
          const itemId = `order-card-${order._id}`;
          return (
            <li key={order._id} className="flex">
              <article
                aria-labelledby={itemId}
                className="flex w-full flex-col rounded-box border border-base-300 bg-base-100 p-4"
              >
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
                      <PaymentBadge paid={order.paid} />
                    </div>
                  </div>
                </div>
                <dl className="mt-3 mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">Quantity</dt>
                  <dd className="text-right font-semibold text-slate-900 tabular-nums">{order.quantity}</dd>
                  <dt className="text-slate-600">Price</dt>
                  <dd className="text-right font-semibold text-slate-900 tabular-nums">
                    {formatDollars(order.totalPrice)}
                  </dd>
                  <dt className="text-slate-600">Location</dt>
                  <dd className="text-right break-words text-slate-900">{order.address}</dd>
                  <dt className="text-slate-600">Phone</dt>
                  <dd className="text-right text-slate-900">{order.phone}</dd>
                </dl>
                <div className="mt-auto border-t border-base-300 pt-3">
                  <OrderActions order={order} itemId={itemId} onCancel={onCancel} />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
