import type { Location } from 'react-router';
import { ownPath } from '#shared/own-path.ts';

const AUTH_PAGES = new Set(['/login', '/registration', '/forgot-password', '/reset-password']);

/** The router state a guard sends to /login: the page asked for, and whether it is an admin's. */
export interface LoginState {
  from?: Partial<Location>;
  needsAdmin?: boolean;
}

/**
 * Where the login page returns after success: the page a guard sent the user from (router state
 * `from`), else the `redirect` of the code step's address (a sign-in that left the app, Google or a
 * form, comes back with it), else the home page (SPEC §2 Login). Only a path of this store.
 */
export function redirectTarget(state: unknown, redirect: string | null = null): string {
  const from = (state as LoginState | null)?.from;
  // Any origin serves: a path of this store resolves to it, whatever it is.
  const path = from?.pathname
    ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
    : ownPath(redirect, '/', new URL('http://store.invalid'));
  return AUTH_PAGES.has(path.split(/[?#]/)[0]!) ? '/' : path;
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
