// Loaded only when the store runs the Stripe gateway (DESIGN §6): Stripe.js and its React bindings
// stay out of every other chunk, and nothing is fetched from Stripe for the sandbox. (The main entry
// of @stripe/stripe-js starts fetching Stripe.js as soon as it is imported, which here is wanted.)
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { type CardFormProps, UNEXPECTED_STATE } from './preparing-payment.tsx';

// One Stripe instance per key for the page's lifetime, as Stripe asks (loadStripe once, outside render).
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    instances.set(publishableKey, instance);
  }
  return instance;
}

export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardBox {...props} />
    </Elements>
  );
}

const cardStyle = {
  base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#64748b' } },
  invalid: { color: '#b91c1c' },
};

function StripeCardBox({ clientSecret, billing, onConfirmed, onRecheck }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setFailure(null);
    setPaying(true);
    let transactionId: string;
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      // Already paid (another tab) or canceled: the store says which, not a card error.
      if (error?.code === UNEXPECTED_STATE) return onRecheck();
      // SPEC §8: the provider's own message, in red.
      if (error) throw new Error(error.message ?? 'Your payment could not be completed.');
      if (paymentIntent.status !== 'succeeded') throw new Error('Your payment could not be completed.');
      transactionId = paymentIntent.id;
    } catch (error) {
      setFailure(errorMessage(error));
      setPaying(false);
      return;
    }
    // Charged: whatever happens next, the store is told, never the customer asked for a card again.
    await onConfirmed(transactionId);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-slate-700">Card details</span>
        <div className="rounded-field border border-slate-300 bg-white px-3 py-3">
          <CardElement options={{ style: cardStyle, hidePostalCode: true }} />
        </div>
      </div>
      <FormAlert messages={failure ? [failure] : []} />
      {/* SPEC §5: pressable only once Stripe.js, its card element and the client secret are ready. */}
      <SubmitButton
        pending={paying}
        disabled={!stripe || !elements || !clientSecret}
        className="btn-primary w-full"
      >
        Pay
      </SubmitButton>
    </form>
  );
}
