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

/** `subscribed` false: the address was on the list already (nothing was stored). */
export const NewsletterResult = z.object({ acknowledged: z.boolean(), subscribed: z.boolean() });
export type NewsletterResult = z.infer<typeof NewsletterResult>;
