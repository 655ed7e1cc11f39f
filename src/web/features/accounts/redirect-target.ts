import type { Location } from 'react-router';

const AUTH_PAGES = new Set(['/login', '/registration', '/forgot-password', '/reset-password']);

/** The router state a guard sends to /login: the page asked for, and whether it is an admin's. */
export interface LoginState {
  from?: Partial<Location>;
  needsAdmin?: boolean;
}

/**
 * Where the login page returns after success: the page a guard sent the user from (router state
 * `from`), or the home page (SPEC §2 Login).
 */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from?.pathname || AUTH_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Whether the admin guard sent the user here (DESIGN §5.8): a customer signing in from here goes to
 * /dashboard, not back to the admin page that would sign them out again.
 */
export function needsAdmin(state: unknown): boolean {
  return (state as LoginState | null)?.needsAdmin === true;
}

/** Where a customer goes instead of an admin page. */
export const CUSTOMER_HOME = '/dashboard';
