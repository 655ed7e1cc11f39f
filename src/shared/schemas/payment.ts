import { z } from 'zod';
import { CARD_MESSAGES } from '#shared/card.ts';

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
      .pipe(z.string().regex(/^\d{12,19}$/, CARD_MESSAGES.numberIncomplete)),
    expMonth: z.number().int().min(1, CARD_MESSAGES.expiryInvalid).max(12, CARD_MESSAGES.expiryInvalid),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, CARD_MESSAGES.cvcIncomplete),
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
