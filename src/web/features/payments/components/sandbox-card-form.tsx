import { useState, type FormEvent } from 'react';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { confirmSandboxPayment } from '#web/features/payments/api/confirm-sandbox-payment.ts';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseCard,
  validateCard,
  type CardErrors,
  type CardFields,
} from '#web/features/payments/card-fields.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { type CardFormProps, isOrderClosed, UNEXPECTED_STATE } from './preparing-payment.tsx';

const EMPTY: CardFields = { number: '', expiry: '', cvc: '' };

/**
 * The card box of the sandbox gateway, the store's stand-in for Stripe's card element (DESIGN §4):
 * Stripe's test cards behave as they do in Stripe's test mode.
 */
export function SandboxCardForm({ clientSecret, onConfirmed, onRecheck, onClosed }: CardFormProps) {
  const [card, setCard] = useState<CardFields>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Fields speak up once the customer has tried to pay; until then typing is not interrupted.
  const errors: CardErrors = checked ? validateCard(card) : {};

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    if (Object.keys(validateCard(card)).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setPaying(true);
    let transactionId: string;
    try {
      transactionId = await confirmSandboxPayment(clientSecret, parseCard(card));
    } catch (error) {
      if (isOrderClosed(error)) return onClosed();
      // Paid already (another tab): not a problem with this card.
      if (error instanceof ApiRequestError && error.code === UNEXPECTED_STATE) return onRecheck();
      setFailure(errorMessage(error));
      setPaying(false);
      return;
    }
    // Charged: whatever happens next, the store is told, never the customer asked for a card again.
    await onConfirmed(transactionId);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value, card.expiry) })}
          error={errors.expiry}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          onChange={(event) => setCard({ ...card, cvc: formatCvc(event.target.value) })}
          error={errors.cvc}
        />
      </div>
      <p className="rounded-field bg-base-200 px-3 py-2 text-sm text-slate-600">
        Test mode: use 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <FormAlert messages={failure ? [failure] : []} />
      {/* SPEC §5: pressable only once the gateway and the client secret are ready. */}
      <SubmitButton pending={paying} disabled={clientSecret === ''} className="btn-primary w-full">
        Pay
      </SubmitButton>
    </form>
  );
}
