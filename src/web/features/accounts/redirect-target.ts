import type { Location } from 'react-router';

const AUTH_PAGES = new Set(['/login', '/registration', '/forgot-password', '/reset-password']);

/**
 * Where the login page returns after success: the page a guard sent the user from (router state
 * `from`), or the home page (SPEC §2 Login).
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || AUTH_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
