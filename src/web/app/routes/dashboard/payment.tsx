import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars, orderTotalCents, toCents, toDollars } from '#shared/money.ts';
import type { Order } from '#shared/schemas/order.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useOrder } from '#web/features/orders/api/get-order.ts';
import { PayBy, useHoldEnd } from '#web/features/orders/components/pay-by.tsx';
import { CardPayment } from '#web/features/payments/components/card-payment.tsx';

/** /dashboard/payment/{orderId} (SPEC §2 Payment page), reached from My Orders' Pay button. */
export function PaymentPage() {
  const { orderId = '' } = useParams();
  const auth = useCurrentUser();
  const order = useOrder(orderId);
  // Held here rather than read from the order: the order refetches as paid right after, and the
  // customer should still see the congratulations (SPEC §8).
  const [paidWith, setPaidWith] = useState<string | null>(null);
  // Found paid while its form was shown (another tab paid it): the keyboard goes to the answer.
  const [paidElsewhere, setPaidElsewhere] = useState(false);
  // Charged, not yet recorded: the box no longer asks for a card.
  const [charged, setCharged] = useState(false);

  if (order.isPending) return <FullScreenSpinner />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      // Open a moment ago: the order was cancelled meanwhile (its hold ended, or another tab).
      return order.data ? <OrderCancelled order={order.data} /> : <OrderNotFound />;
    }
    return (
      <div className="p-6">
        <QueryError message="We couldn't load this order." onRetry={() => void order.refetch()} />
      </div>
    );
  }

  // The login guard renders this page only for a signed-in customer.
  const billing = { name: auth.user?.name ?? '', email: auth.user?.email ?? '' };
  const paid = paidWith ?? (order.data.paid ? order.data.transactionId : null);

  return (
    <div className="space-y-6 p-5 sm:p-8">
      <header>
        <p className="text-lg text-slate-600">
          Hello, <span className="font-bold text-slate-900">{billing.name}</span>
        </p>
        <h1 className="mt-1 text-2xl font-extrabold text-slate-900 sm:text-3xl">Pay For Your Order</h1>
      </header>
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <OrderSummary order={order.data} />
        <section
          aria-labelledby="card-box-heading"
          className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
        >
          <h2 id="card-box-heading" className="mb-4 text-lg font-bold text-slate-900">
            {paid === null && !charged ? 'Pay by card' : 'Payment'}
          </h2>
          {paidWith !== null ? (
            <PaymentResult title="Congrats! Your payment is completed" transactionId={paidWith} focus />
          ) : paid !== null ? (
            <PaymentResult title="This order is already paid" transactionId={paid} focus={paidElsewhere} />
          ) : (
            <>
              <PayBy order={order.data} className="mb-4 block text-sm text-slate-700" />
              <CardPayment
                order={order.data}
                billing={billing}
                onPaid={setPaidWith}
                // Read again, the order shows as paid: the page says so, with its transaction id.
                onAlreadyPaid={() => {
                  setPaidElsewhere(true);
                  void order.refetch();
                }}
                onCharged={() => setCharged(true)}
                // Asked again, the order answers 404: the page says it was cancelled (OrderCancelled).
                onClosed={() => void order.refetch()}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const total = toDollars(orderTotalCents(toCents(order.productPrice), order.quantity));
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="overflow-hidden rounded-box border border-base-300 bg-base-200/60"
    >
      <div className="flex gap-4 p-5 sm:p-6">
        <img
          src={order.productImg}
          alt=""
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-md border border-base-300 bg-white object-cover"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-rust uppercase">Your order</p>
          <h2 id="order-summary-heading" className="text-lg font-bold text-slate-900">
            {order.productName}
          </h2>
        </div>
      </div>
      <dl className="divide-y divide-base-300 border-t border-base-300 bg-base-100 text-sm">
        <SummaryRow term="Quantity">{order.quantity}</SummaryRow>
        <SummaryRow term="Unit price">{formatDollars(order.productPrice)}</SummaryRow>
        <div className="flex items-baseline justify-between gap-4 px-5 py-4 sm:px-6">
          <dt className="font-semibold text-slate-900">Total price</dt>
          <dd className="text-2xl font-extrabold text-slate-900">{formatDollars(total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 px-5 py-3 sm:px-6">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** What the card box says once paid; `focus` takes the keyboard there, as the card form is gone. */
function PaymentResult({
  title,
  transactionId,
  focus = false,
}: {
  title: string;
  transactionId: string | null;
  focus?: boolean;
}) {
  const titleRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus]);
  return (
    <div role="status" className="space-y-4">
      <p ref={titleRef} tabIndex={-1} className="text-lg font-bold text-success focus:outline-none">
        {title}
      </p>
      {transactionId && (
        <div className="rounded-field border border-base-300 bg-base-200 px-4 py-3">
          <p className="text-sm text-slate-600">Your Transaction Id</p>
          <p className="font-mono text-sm font-semibold break-all text-slate-900">{transactionId}</p>
        </div>
      )}
      <Link to="/dashboard/myOrders" className="btn btn-outline w-full">
        Back to My Orders
      </Link>
    </div>
  );
}

/** The page of an order cancelled while it was open: why, when the hold is over, and that nothing was charged. */
function OrderCancelled({ order }: { order: Order }) {
  const [seenAt] = useState(Date.now);
  const expired = order.payBy != null && Date.parse(order.payBy) <= seenAt;
  const payBy = useHoldEnd(order.payBy);
  return (
    <section className="flex min-h-[50svh] flex-col items-center justify-center p-8 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">This order was cancelled</h1>
      <p className="mt-3 max-w-prose text-slate-600">
        {expired
          ? `It was not paid by ${payBy}, so its items went back on sale.`
          : 'It was cancelled while this page was open, in another tab or window.'}{' '}
        Nothing was charged.
      </p>
      <Link to={`/tools/${order.toolsId}`} className="btn btn-primary mt-6">
        Order it again
      </Link>
      <Link to="/dashboard/myOrders" className="btn btn-ghost mt-2">
        Back to My Orders
      </Link>
    </section>
  );
}

function OrderNotFound() {
  return (
    <section className="flex min-h-[50svh] flex-col items-center justify-center p-8 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Order not found</h1>
      <p className="mt-3 text-slate-600">This order does not exist, or it has been cancelled.</p>
      <Link to="/dashboard/myOrders" className="btn btn-primary mt-6">
        Back to My Orders
      </Link>
    </section>
  );
}
