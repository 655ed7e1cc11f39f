import { Link, useParams } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useReceipt } from '#web/features/orders/api/get-receipt.ts';
import { ReceiptView } from '#web/features/orders/components/receipt-view.tsx';

/**
 * /dashboard/receipt/{orderId} (DESIGN §5.11), linked from My Orders and the receipt mail: a paid
 * order's receipt, printed without the store's frame (print: variants, styles.css).
 */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const receipt = useReceipt(orderId);

  if (receipt.isPending) return <FullScreenSpinner />;
  if (receipt.isError) {
    if (receipt.error instanceof ApiRequestError && receipt.error.status === 404) {
      return (
        <section className="flex min-h-[50svh] flex-col items-center justify-center p-8 text-center">
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Receipt not found</h1>
          <p className="mt-3 text-slate-600">
            There is no receipt for this order: it is not yours, or not paid yet.
          </p>
          <Link to="/dashboard/myOrders" className="btn btn-primary mt-6">
            Back to My Orders
          </Link>
        </section>
      );
    }
    return (
      <div className="p-6">
        <QueryError message="We couldn't load this receipt." onRetry={() => void receipt.refetch()} />
      </div>
    );
  }
  return (
    <div className="space-y-6 p-5 sm:p-8 print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/dashboard/myOrders" className="link">
          Back to My Orders
        </Link>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print receipt
        </button>
      </div>
      <ReceiptView receipt={receipt.data} />
    </div>
  );
}
