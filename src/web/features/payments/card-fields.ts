// The sandbox card form's formatting and checks, worded as Stripe's card element words them.
// Card data lives only in the form's state: it is never stored or logged.
import { CARD_MESSAGES, cardDigits, cardProblems, type CardInput } from '#shared/card.ts';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** "4242424242424242" → "4242 4242 4242 4242"; at most 19 digits. */
export function formatCardNumber(text: string): string {
  return cardDigits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1230" → "12/30". The slash appears as soon as the month is whole, unless the customer is deleting
 * (or the slash could never be erased); a first digit above 1 can only be a month of its own.
 */
export function formatExpiry(text: string, previous = ''): string {
  let digits = cardDigits(text).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  const deleting = text.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(text: string): string {
  return cardDigits(text).slice(0, 4);
}

/** Checks the card as typed; `now` decides which expiry dates are past. */
export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const expiry = parseExpiry(fields.expiry);
  const problems = cardProblems(
    { number: fields.number, expMonth: expiry?.month ?? 1, expYear: expiry?.year ?? 9999, cvc: fields.cvc },
    now,
  );
  if (!expiry) problems.expiry = CARD_MESSAGES.expiryIncomplete;
  return problems;
}

/** The card as the gateway takes it, once validateCard found nothing wrong. */
export function parseCard(fields: CardFields): CardInput {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) throw new Error('parseCard needs a validated card');
  return { number: cardDigits(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc };
}

function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}
