import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { TableLoading } from '#web/components/ui/data-table.tsx';
import { useOverview } from '#web/features/orders/api/get-overview.ts';
import { RevenueChart } from './revenue-chart.tsx';

/** The admin's overview: revenue per day, orders to ship and unpaid, tools low on stock. */
export function StoreOverview() {
  const overview = useOverview();
  if (overview.isPending) return <TableLoading label="Loading the overview" />;
  if (overview.isError) {
    return <QueryError message="We couldn't load the overview." onRetry={() => void overview.refetch()} />;
  }
  const { revenueByDay, ordersToShip, unpaidOrders, lowStock } = overview.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="to-ship" className="rounded-box bg-base-100 p-4 shadow-sm">
          <h2 id="to-ship" className="text-sm font-semibold text-slate-600">
            Orders to ship
          </h2>
          <p className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">{ordersToShip}</p>
          <Link to="/dashboard/manageOrders?status=paid" className="link text-sm font-semibold text-rust">
            Ship paid orders
          </Link>
        </section>
        <section aria-labelledby="unpaid" className="rounded-box bg-base-100 p-4 shadow-sm">
          <h2 id="unpaid" className="text-sm font-semibold text-slate-600">
            Unpaid orders
          </h2>
          <p className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">{unpaidOrders}</p>
          <Link to="/dashboard/manageOrders?status=unpaid" className="link text-sm font-semibold text-rust">
            See unpaid orders
          </Link>
        </section>
      </div>
      <RevenueChart days={revenueByDay} />
      <section aria-labelledby="low-stock" className="rounded-box bg-base-100 p-4 shadow-sm">
        <h2 id="low-stock" className="font-semibold text-slate-900">
          Low stock
        </h2>
        <p className="text-sm text-slate-600">Tools with less than twice their minimum order left.</p>
        {lowStock.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Every tool has stock for at least two minimum orders.</p>
        ) : (
          <ul className="mt-3 divide-y divide-base-200">
            {lowStock.map((tool) => (
              <li key={tool._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{tool.name}</span>
                <span className="text-sm text-slate-700 tabular-nums">
                  {tool.availableQuantity} left · minimum order {tool.minimumOrder} ·{' '}
                  {formatDollars(tool.price)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
