import { z } from 'zod';

/**
 * Text a person typed, to be shown to others: no control characters but line breaks and tabs (a
 * bell, an escape, a NUL). Bidirectional marks stay: right-to-left writing needs them.
 */
export const isPlainText = (s: string) => !/[^\P{Cc}\n\r\t]/u.test(s);

export const NOT_PLAIN_TEXT = 'May not contain control characters';

/** A search as typed: trimmed, its runs of spaces one space ('heat  gun' is 'heat gun'), 100 at most. */
export const SearchQuery = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .transform((s) => s.replace(/\s+/g, ' '));
