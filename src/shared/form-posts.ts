// The account forms also work without JavaScript (a slow phone, scripts blocked): they post to their own page's path
// and the server sends the browser back with `?error=<code>`. The codes and their words, for the
// server that picks a code and the page that shows its words. No zod: pages import it.

/** How the API's refusal of one more mail to an address begins (the hourly cap, not the minute's). */
export const TOO_MANY_MAILS = 'Too many emails were sent to this address.';

export const FORM_ERRORS = {
  invalid_name: 'Name is required',
  name_too_long: 'Name is too long (at most 100 characters)',
  name_not_plain: 'Name may not contain < > or control characters',
  invalid_email: 'Provide a valid email',
  invalid_password: 'Password is required',
  invalid_email_or_password: 'Invalid email or password',
  user_already_exists: 'User already exists. Use another email.',
  password_too_short: 'Password too short: use at least 8 characters',
  password_too_long: 'Password too long: use at most 128 characters',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  too_many_mails: `${TOO_MANY_MAILS} Please try again in an hour.`,
  invalid_code: 'Invalid code',
  invalid_backup_code: 'Invalid backup code',
  too_many_attempts_request_new_code: 'Too many attempts. Please log in again.',
  invalid_two_factor_cookie: 'Your sign-in took too long. Please log in again.',
  failed: 'Something went wrong. Please try again.',
} as const;

export type FormError = keyof typeof FORM_ERRORS;

/**
 * The login page's code step, where a two-factor account's sign-in (password or Google) goes on,
 * with the path to go back to once the code is right (checked there again: it is in the address).
 */
export function twoFactorStep(redirect: string): string {
  return redirect === '/'
    ? '/login?step=two-factor'
    : `/login?${new URLSearchParams({ step: 'two-factor', redirect })}`;
}

/**
 * What the user typed in a refused form's fields that are not secret (never a password), for the
 * page drawn again to show. The server hands it over in a cookie read once (FORM_FILL_COOKIE), not
 * in the address, which the browser's history and any link shared keep.
 */
export interface FormFill {
  name?: string;
  email?: string;
  phone?: string;
}

export const FORM_FILL_FIELDS = ['name', 'email', 'phone'] as const satisfies (keyof FormFill)[];
export const FORM_FILL_COOKIE = 'torque.form_fill';

/** The words of a code the server sent back, or undefined for one it does not send. */
export function formErrorMessage(code: string | null): string | undefined {
  return code !== null && Object.hasOwn(FORM_ERRORS, code) ? FORM_ERRORS[code as FormError] : undefined;
}

/** The codes that are about the name: a page shows their words under its Name field. */
const NAME_ERRORS: ReadonlySet<string> = new Set<FormError>([
  'invalid_name',
  'name_too_long',
  'name_not_plain',
]);

/** The field whose words a code's are, shown under it, or undefined for the form's own. */
export function formErrorField(code: string | null): 'name' | undefined {
  return code !== null && NAME_ERRORS.has(code) ? 'name' : undefined;
}
