import { z } from 'zod';

/** POST /create-payment-intent: subTotal is SPEC's; orderId is ours (DESIGN §5.5). */
export const CreatePaymentIntentInput = z
  .object({
    orderId: z.uuid('Give the order to pay'),
    subTotal: z.number().positive().optional(),
  })
  .strict();
export type CreatePaymentIntentInput = z.infer<typeof CreatePaymentIntentInput>;

export const PaymentIntentResult = z.object({
  clientSecret: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key, for Stripe.js; absent for the sandbox. */
  publishableKey: z.string().optional(),
});
export type PaymentIntentResult = z.infer<typeof PaymentIntentResult>;

/** PATCH /order/{id} after a successful payment (SPEC §7). */
export const MarkPaidInput = z
  .object({
    appointment: z.string().optional(),
    transactionId: z.string().min(1, 'transactionId is required').max(255),
  })
  .strict();
export type MarkPaidInput = z.infer<typeof MarkPaidInput>;

export const MarkPaidResult = z.object({ acknowledged: z.boolean(), transactionId: z.string() });
export type MarkPaidResult = z.infer<typeof MarkPaidResult>;

export const Card = z
  .object({
    number: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
    expMonth: z
      .number()
      .int()
      .min(1, 'Your card’s expiration date is invalid.')
      .max(12, 'Your card’s expiration date is invalid.'),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
  })
  .strict();
export type Card = z.input<typeof Card>;

/** POST /payments/sandbox/confirm: the sandbox gateway's stand-in for Stripe.js confirmCardPayment. */
export const SandboxConfirmInput = z
  .object({ clientSecret: z.string().min(1).max(200), card: Card })
  .strict();
export type SandboxConfirmInput = z.input<typeof SandboxConfirmInput>;

export const SandboxConfirmResult = z.object({ id: z.string(), status: z.literal('succeeded') });
export type SandboxConfirmResult = z.infer<typeof SandboxConfirmResult>;

/** Luhn check, as card networks and Stripe apply it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}
