import { z } from 'zod';
import { DisplayName } from './account.ts';
import { Email } from './user.ts';

/** POST /api/newsletter: SPEC's sign-up box. The phone may be left empty. */
export const NewsletterInput = z
  .object({
    name: DisplayName,
    email: Email,
    phone: z
      .string()
      .trim()
      .max(30, 'At most 30 characters')
      .regex(/^([+()\d\s.-]{5,30})?$/, 'Give a phone number: digits, spaces, + ( ) - .')
      .optional(),
  })
  .strict();
export type NewsletterInput = z.infer<typeof NewsletterInput>;

/**
 * The same for a new, a repeated and a confirmed address (decision 032): a link to confirm was
 * mailed if one was due, and the answer does not say whether the address was on the list.
 */
export const NewsletterResult = z.object({ acknowledged: z.boolean() });

/** GET /api/newsletter/confirm: the mailed link's token. */
export const NewsletterConfirmQuery = z.object({ token: z.string().max(200).optional() });
export type NewsletterResult = z.infer<typeof NewsletterResult>;
