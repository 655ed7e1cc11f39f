// The card rules, worded as Stripe's card element words them: one copy for the sandbox card form
// and for the sandbox gateway that confirms it.

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: 'Your card’s expiration date is incomplete.',
  expiryInvalid: 'Your card’s expiration date is invalid.',
  expiryPast: 'Your card’s expiration date is in the past.',
  cvcIncomplete: 'Your card’s security code is incomplete.',
} as const;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardProblems = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/** The digits of a card number as typed ("4242 4242-4242…"). */
export const cardDigits = (text: string) => text.replace(/\D/g, '');

/** Luhn check, as card networks and Stripe apply it. */
function luhnValid(digits: string): boolean {
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

/** A card is good through the last day of its expiry month (UTC). */
function cardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  return expYear * 12 + expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** What is wrong with the card, field by field; empty when nothing is. */
export function cardProblems(card: CardInput, now = new Date()): CardProblems {
  const problems: CardProblems = {};
  const digits = cardDigits(card.number);
  if (digits.length < 12) problems.number = CARD_MESSAGES.numberIncomplete;
  else if (digits.length > 19 || !luhnValid(digits)) problems.number = CARD_MESSAGES.numberInvalid;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    problems.expiry = CARD_MESSAGES.expiryInvalid;
  } else if (cardExpired(card.expMonth, card.expYear, now)) problems.expiry = CARD_MESSAGES.expiryPast;
  if (!/^\d{3,4}$/.test(card.cvc)) problems.cvc = CARD_MESSAGES.cvcIncomplete;
  return problems;
}
