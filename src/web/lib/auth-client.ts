// better-auth's client is ~15 KB gzip: import this module only with a dynamic import(), from the
// pages and handlers that act (sign-in, sign-up, reset, two-factor, sign-out), never statically.
// The signed-in state every page needs comes from the session query of features/accounts instead.
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient()],
  // The default plugin follows any `{url, redirect}` answer. Sign-out answers one when the provider
  // offers single logout (an OpenID end-session page), and leaving the store there would break
  // "Logout goes to /login" (SPEC §2); the Google redirect is followed by hand instead.
  disableDefaultFetchPlugins: true,
  // The app keeps its own session query; the library's copy must not poll on every window focus.
  sessionOptions: { refetchOnWindowFocus: false },
});

/** What better-auth's client answers on failure: its own `{code, message}`, or our `{error: {…}}`. */
interface AuthFailure {
  status?: number;
  statusText?: string;
  message?: string;
  code?: string;
  error?: { message?: string; code?: string };
}

/** The message to show for a failed auth call (SPEC §8: the provider's message, in red). */
export function authErrorMessage(error: AuthFailure | null | undefined): string {
  if (!error) return 'Something went wrong. Please try again.';
  // Our rate limiter answers 429 in the API's error shape (DESIGN §3), nested under `error`.
  const message = error.message || error.error?.message;
  if (message) return message;
  if (error.status === 0 || error.status === undefined) {
    return 'The store could not be reached. Check your connection.';
  }
  return error.statusText || `The request failed (${error.status}).`;
}
