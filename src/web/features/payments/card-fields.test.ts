import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, parseCard, validateCard } from './card-fields.ts';

const now = new Date(2026, 4, 15); // May 2026
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('card formatting', () => {
  it('groups the number in fours and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42')).toBe('4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  it('inserts the expiry slash, but lets it be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });
});

describe('validateCard', () => {
  it('accepts a good test card', () => {
    expect(validateCard(good, now)).toEqual({});
    expect(parseCard(good)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });

  it('names what is wrong, in Stripe’s words', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: 'Your card’s expiration date is incomplete.',
      cvc: 'Your card’s security code is incomplete.',
    });
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe(
      'Your card number is invalid.',
    );
    expect(validateCard({ ...good, expiry: '13/30' }, now).expiry).toBe(
      'Your card’s expiration date is invalid.',
    );
    expect(validateCard({ ...good, expiry: '04/26' }, now).expiry).toBe(
      'Your card’s expiration date is in the past.',
    );
    expect(validateCard({ ...good, expiry: '05/26' }, now)).toEqual({});
    expect(validateCard({ ...good, cvc: '12' }, now).cvc).toBe('Your card’s security code is incomplete.');
  });
});
