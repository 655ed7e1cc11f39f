import { z } from 'zod';
import { isPlainText } from './text.ts';

// What a customer shows the public on their reviews: the name and picture of their account.

/** Plain text on one line, with a letter or digit (not only invisible spaces), no angle brackets. */
export const DisplayName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name is too long (at most 100 characters)')
  .refine((s) => /[\p{L}\p{N}]/u.test(s), 'Name is required')
  .refine((s) => isPlainText(s) && !/[<>\n\r\t]/.test(s), 'Name may not contain < > or control characters');

/** An https address (the picture is shown on every page its reviews are), or empty for none. */
export const PhotoUrl = z
  .string()
  .trim()
  .max(500, 'Picture address is too long (at most 500 characters)')
  .refine(
    (s) => s === '' || (URL.canParse(s) && new URL(s).protocol === 'https:'),
    'Picture must be an https:// address',
  );
