// The link mailed at sign-up confirms the address, then sends the browser to the home page, which
// says so; a link better-auth refuses comes back with `error=<code>`, said there too, with the way
// to a new link. No zod: pages import it.

/** Where a confirmation link lands once it has confirmed the address. */
export const EMAIL_CONFIRMED_QUERY = 'email';
export const EMAIL_CONFIRMED_PATH = `/?${EMAIL_CONFIRMED_QUERY}=confirmed`;

export const EMAIL_CONFIRMED_MESSAGE = 'Thanks, your email address is confirmed.';

/** better-auth's codes for a confirmation link it refused, and their words. */
export const EMAIL_LINK_ERRORS = {
  TOKEN_EXPIRED:
    'This confirmation link has expired: each link works for an hour. Your account works without it in the meantime.',
  INVALID_TOKEN: 'This confirmation link is not valid. Your account works without it in the meantime.',
  USER_NOT_FOUND: 'This confirmation link is for an account that no longer exists.',
} as const;

/** Refused links a new one replaces: the account still exists and its address is still to confirm. */
const RENEWABLE: ReadonlySet<string> = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN']);

/** The words of asking for a new link (My Profile, and the home page after a refused one). */
export const NEW_LINK_WORDS = {
  notConfirmed: 'Your email address is not confirmed yet.',
  send: 'Send the link again',
  logIn: 'Log in to get a new link',
  alreadyConfirmed: 'Your email address is already confirmed: there is nothing more to do.',
  sent: (email: string) => `We sent a new link to ${email}. It works for an hour.`,
  // Said beside the button while it rests, so that it is not a mystery that it does nothing.
  wait: 'You can ask for another one in a minute.',
} as const;

/**
 * What the home page says of a confirmation link, from its query; undefined when it came from none.
 * `newLink`: the page offers a new link (better-auth's own refusals of a link that a new one replaces).
 */
export function emailConfirmationNotice(
  query: URLSearchParams,
): { confirmed: boolean; message: string; newLink: boolean } | undefined {
  const error = query.get('error');
  if (error !== null && Object.hasOwn(EMAIL_LINK_ERRORS, error)) {
    return {
      confirmed: false,
      message: EMAIL_LINK_ERRORS[error as keyof typeof EMAIL_LINK_ERRORS],
      newLink: RENEWABLE.has(error),
    };
  }
  if (query.get(EMAIL_CONFIRMED_QUERY) === 'confirmed') {
    return { confirmed: true, message: EMAIL_CONFIRMED_MESSAGE, newLink: false };
  }
  return undefined;
}
