import { lazy, Suspense } from 'react';
import { orderTotalCents, toCents, toDollars } from '#shared/money.ts';
import type { Order } from '#shared/schemas/order.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { usePaymentIntent } from '#web/features/payments/api/create-payment-intent.ts';
import { useMarkOrderPaid } from '#web/features/payments/api/mark-order-paid.ts';
import { PreparingPayment } from './preparing-payment.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe's code is fetched only when the server says the Stripe gateway runs.
const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form.tsx')).StripeCardForm,
}));

interface CardPaymentProps {
  order: Order;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => void;
  /** The order was closed while its page was open: no card can pay it any more. */
  onClosed: () => void;
}

/** The card box of the payment page: the gateway's card form, then PATCH /order/{id}. */
export function CardPayment({ order, billing, onPaid, onClosed }: CardPaymentProps) {
  // SPEC §9: total = quantity × unit price; the server checks it against its own (DESIGN §5.5).
  const subTotal = toDollars(orderTotalCents(toCents(order.productPrice), order.quantity));
  const intent = usePaymentIntent(order._id, subTotal, true);
  const markPaid = useMarkOrderPaid(order._id);

  if (intent.isPending) return <PreparingPayment />;
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
    await markPaid.mutateAsync(transactionId);
    onPaid(transactionId);
  };
  const { clientSecret, gateway, publishableKey } = intent.data;

  if (gateway === 'stripe') {
    if (!publishableKey) return <FormAlert messages={['Card payments are not set up on this store.']} />;
    return (
      <Suspense fallback={<PreparingPayment />}>
        <StripeCardForm
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          billing={billing}
          onConfirmed={onConfirmed}
          onClosed={onClosed}
        />
      </Suspense>
    );
  }
  return (
    <SandboxCardForm
      clientSecret={clientSecret}
      billing={billing}
      onConfirmed={onConfirmed}
      onClosed={onClosed}
    />
  );
}
