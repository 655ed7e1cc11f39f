// The link mailed at sign-up confirms the address, then sends the browser to the home page, which
// says so; a link better-auth refuses comes back with `error=<code>`, said there too. No zod: pages
// import it.

/** Where a confirmation link lands once it has confirmed the address. */
export const EMAIL_CONFIRMED_QUERY = 'email';
export const EMAIL_CONFIRMED_PATH = `/?${EMAIL_CONFIRMED_QUERY}=confirmed`;

export const EMAIL_CONFIRMED_MESSAGE = 'Thanks, your email address is confirmed.';

/** better-auth's codes for a confirmation link it refused, and their words. */
export const EMAIL_LINK_ERRORS = {
  TOKEN_EXPIRED:
    'This confirmation link has expired. Your account works without it: log in to shop as usual.',
  INVALID_TOKEN: 'This confirmation link is not valid. Open the link from the latest mail we sent you.',
  USER_NOT_FOUND: 'This confirmation link is for an account that no longer exists.',
} as const;

/** What the home page says of a confirmation link, from its query; undefined when it came from none. */
export function emailConfirmationNotice(
  query: URLSearchParams,
): { confirmed: boolean; message: string } | undefined {
  const error = query.get('error');
  if (error !== null && Object.hasOwn(EMAIL_LINK_ERRORS, error)) {
    return { confirmed: false, message: EMAIL_LINK_ERRORS[error as keyof typeof EMAIL_LINK_ERRORS] };
  }
  if (query.get(EMAIL_CONFIRMED_QUERY) === 'confirmed') {
    return { confirmed: true, message: EMAIL_CONFIRMED_MESSAGE };
  }
  return undefined;
}
