/**
 * Text a person typed, to be shown to others: no control characters but line breaks and tabs (a
 * bell, an escape, a NUL). Bidirectional marks stay: right-to-left writing needs them.
 */
export const isPlainText = (s: string) => !/[^\P{Cc}\n\r\t]/u.test(s);

export const NOT_PLAIN_TEXT = 'May not contain control characters';
