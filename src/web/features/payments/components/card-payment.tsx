import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { orderTotalCents, toCents, toDollars } from '#shared/money.ts';
import type { Order } from '#shared/schemas/order.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { usePaymentIntent } from '#web/features/payments/api/create-payment-intent.ts';
import { useMarkOrderPaid } from '#web/features/payments/api/mark-order-paid.ts';
import { isOrderClosed, isOrderPaid, PreparingPayment } from './preparing-payment.tsx';
import { RecordingPayment } from './recording-payment.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe's code is fetched only when the server says the Stripe gateway runs.
const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form.tsx')).StripeCardForm,
}));

interface CardPaymentProps {
  order: Order;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => void;
  /** The order turned out paid already (another tab, or settled by the store): read it again. */
  onAlreadyPaid: () => void;
  /** The order was closed while its page was open: no card can pay it any more. */
  onClosed: () => void;
  /** The gateway charged the card, and the store has not recorded it yet. */
  onCharged?: () => void;
}

/**
 * The card box of the payment page: the gateway's card form, then PATCH /order/{id}. Once the
 * gateway has charged the card the form never comes back: the payment is recorded, retrying.
 */
export function CardPayment({
  order,
  billing,
  onPaid,
  onAlreadyPaid,
  onClosed,
  onCharged,
}: CardPaymentProps) {
  // SPEC §9: total = quantity × unit price; the server checks it against its own (DESIGN §5.5).
  const subTotal = toDollars(orderTotalCents(toCents(order.productPrice), order.quantity));
  const intent = usePaymentIntent(order._id, subTotal, true);
  const markPaid = useMarkOrderPaid(order._id);
  // The transaction id of a charge the store has not recorded yet.
  const [charged, setCharged] = useState<string | null>(null);
  const [rechecking, setRechecking] = useState(false);

  // Asked for the intent, the store settles an order whose card was charged without the PATCH and
  // answers 409 order_paid; an order closed meanwhile answers 404 or order_closed.
  const paidAlready = intent.isError && isOrderPaid(intent.error);
  const closed =
    intent.isError &&
    (isOrderClosed(intent.error) || (intent.error instanceof ApiRequestError && intent.error.status === 404));
  const tellPaidAlready = useEffectEvent(onAlreadyPaid);
  const tellClosed = useEffectEvent(onClosed);
  useEffect(() => {
    if (paidAlready) tellPaidAlready();
  }, [paidAlready]);
  useEffect(() => {
    if (closed) tellClosed();
  }, [closed]);

  /** One PATCH; true once the outcome is settled (recorded, paid otherwise, or closed). */
  const record = async (transactionId: string): Promise<boolean> => {
    try {
      await markPaid.mutateAsync(transactionId);
      onPaid(transactionId);
      return true;
    } catch (error) {
      if (isOrderClosed(error)) onClosed();
      else if (isOrderPaid(error)) onAlreadyPaid();
      else return false;
      return true;
    }
  };

  if (charged !== null) return <RecordingPayment transactionId={charged} record={record} />;
  if (intent.isPending) return <PreparingPayment />;
  if (rechecking || paidAlready || closed) return <CheckingOrder />;
  if (intent.isError) {
    return (
      <div className="space-y-4">
        <FormAlert messages={[intent.error.message]} />
        <button type="button" className="btn btn-outline w-full" onClick={() => void intent.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const onConfirmed = async (transactionId: string) => {
    if (!(await record(transactionId))) {
      setCharged(transactionId);
      onCharged?.();
    }
  };
  const onRecheck = () => {
    setRechecking(true);
    void intent.refetch().finally(() => setRechecking(false));
  };
  const { clientSecret, gateway, publishableKey } = intent.data;
  const formProps = { clientSecret, billing, onConfirmed, onRecheck, onClosed };

  if (gateway === 'stripe') {
    if (!publishableKey) return <FormAlert messages={['Card payments are not set up on this store.']} />;
    return (
      <Suspense fallback={<PreparingPayment />}>
        <StripeCardForm publishableKey={publishableKey} {...formProps} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...formProps} />;
}

function CheckingOrder() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <span className="loading loading-spinner loading-sm text-rust" aria-hidden="true" />
      Checking this order…
    </p>
  );
}
