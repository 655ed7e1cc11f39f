import { z } from 'zod';
import { FORM_ERRORS } from '#shared/form-posts.ts';
import { isPlainText } from './text.ts';

// What a customer shows the public on their reviews: the name and picture of their account.

/**
 * Plain text on one line, with a letter or digit (not only invisible spaces), no angle brackets:
 * the registration form's rule and the sign-up's and update-user's (account-rules.ts). Its words
 * are form errors, so a form posted without JavaScript gets them back under its Name field.
 */
export const DisplayName = z
  .string()
  .trim()
  .min(1, FORM_ERRORS.invalid_name)
  .max(100, FORM_ERRORS.name_too_long)
  .refine((s) => /[\p{L}\p{N}]/u.test(s), FORM_ERRORS.invalid_name)
  .refine((s) => isPlainText(s) && !/[<>\n\r\t]/.test(s), FORM_ERRORS.name_not_plain);

/** An https address (the picture is shown on every page its reviews are), or empty for none. */
export const PhotoUrl = z
  .string()
  .trim()
  .max(500, 'Picture address is too long (at most 500 characters)')
  .refine(
    (s) => s === '' || (URL.canParse(s) && new URL(s).protocol === 'https:'),
    'Picture must be an https:// address',
  );
