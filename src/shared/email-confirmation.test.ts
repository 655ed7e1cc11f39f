import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMED_MESSAGE, EMAIL_LINK_ERRORS, emailConfirmationNotice } from './email-confirmation.ts';

const notice = (query: string) => emailConfirmationNotice(new URLSearchParams(query));

describe('what the home page says of a confirmation link', () => {
  it('says a confirmed address is confirmed', () => {
    expect(notice('email=confirmed')).toEqual({
      confirmed: true,
      message: EMAIL_CONFIRMED_MESSAGE,
      newLink: false,
    });
  });

  it('says a refused link is refused, before the confirmed query it lands with', () => {
    expect(notice('email=confirmed&error=TOKEN_EXPIRED')).toEqual({
      confirmed: false,
      message: EMAIL_LINK_ERRORS.TOKEN_EXPIRED,
      newLink: true,
    });
    expect(notice('error=INVALID_TOKEN')).toMatchObject({ confirmed: false, newLink: true });
  });

  it('offers no new link for an account that no longer exists', () => {
    expect(notice('error=USER_NOT_FOUND')).toMatchObject({ confirmed: false, newLink: false });
  });

  it('promises no later mail: none may have been sent', () => {
    for (const words of Object.values(EMAIL_LINK_ERRORS)) expect(words).not.toMatch(/latest|later|newer/i);
  });

  it('says nothing without a query of its own, nor for codes that are not its', () => {
    expect(notice('')).toBeUndefined();
    expect(notice('error=constructor')).toBeUndefined();
    expect(notice('error=toString&email=other')).toBeUndefined();
  });
});
