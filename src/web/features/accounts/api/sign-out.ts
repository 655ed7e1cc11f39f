import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, type Location } from 'react-router';
import { removeAccessToken } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import type { LoginState } from '#web/features/accounts/redirect-target.ts';
import { storeUser } from './get-session.ts';

/** Ends the session on the server and removes the stored access token (SPEC §2 Navbar, Logout). */
export async function endSession(): Promise<void> {
  try {
    const { authClient } = await import('#web/lib/auth-client.ts');
    await authClient.signOut();
  } catch {
    // Offline, or the library failed to load: the token still goes, so protected calls stop.
  }
  removeAccessToken();
  storeUser(null);
}

/** Drops every cached answer of the signed-out account; the app shows the visitor's view. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(authKeys.session, null);
}

/**
 * Signs out and goes to /login. With `from`, the login page returns there afterwards (the admin
 * guard and the refused-token case); the Logout button gives none. `needsAdmin`: the admin guard's
 * refusal, which the login page explains (DESIGN §5.8).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (from?: Location, needsAdmin = false) => {
      await endSession();
      const state: LoginState | undefined = from
        ? { from, ...(needsAdmin ? { needsAdmin } : {}) }
        : undefined;
      // Navigate before the cache empties, so a guarded page does not redirect on its own first.
      await navigate('/login', { replace: Boolean(from), state });
      forgetSession(queryClient);
    },
    [queryClient, navigate],
  );
}
