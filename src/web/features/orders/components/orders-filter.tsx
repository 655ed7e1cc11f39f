import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderStatus } from '#shared/schemas/order.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadOrdersCsv } from '#web/features/orders/api/download-orders-csv.ts';
import {
  type AdminOrdersState,
  adminOrdersSearch,
  ORDER_STATUSES,
} from '#web/features/orders/api/get-admin-orders.ts';
import { STATUS_WORDS } from './order-status-badge.tsx';

// The filter's one wording of its own: a paid order, to the admin, is one still to ship.
const STATUS_LABELS: Record<OrderStatus, string> = { ...STATUS_WORDS, paid: 'Paid, to ship' };

/**
 * Manage Orders' search and status filter: a GET form (it works before the app's code runs), whose
 * answer is the page's address; and the filter's orders as a CSV file.
 */
export function OrdersFilter({ state, path }: { state: AdminOrdersState; path: string }) {
  const navigate = useNavigate();
  const searchId = useId();
  const statusId = useId();
  const [downloading, setDownloading] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(
      `${path}${adminOrdersSearch({
        q: String(form.get('q') ?? '').trim(),
        status: String(form.get('status') ?? '') as AdminOrdersState['status'],
      })}`,
    );
  };
  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadOrdersCsv(adminOrdersSearch(state));
      saveFile(file, `orders${state.status ? `-${state.status}` : ''}.csv`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <form
        role="search"
        aria-label="Orders"
        method="get"
        action={path}
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        // A new filter draws its form afresh, with the URL's values.
        key={adminOrdersSearch(state)}
      >
        <div>
          <label htmlFor={searchId} className="mb-1 block text-sm font-semibold text-slate-700">
            Search orders
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={state.q}
            maxLength={100}
            placeholder="Buyer, product or order number"
            className="input w-full sm:w-72"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-semibold text-slate-700">
            Status
          </label>
          <select id={statusId} name="status" defaultValue={state.status} className="select w-full sm:w-48">
            <option value="">All but cancelled</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => void download()}
        disabled={downloading}
        aria-busy={downloading || undefined}
      >
        {downloading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Download CSV
      </button>
    </div>
  );
}
