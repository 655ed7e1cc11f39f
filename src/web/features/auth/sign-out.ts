import type { QueryClient } from '@tanstack/react-query';
import { removeAccessToken } from '#web/lib/api-client.ts';
import { authKeys, storeUser } from './api/get-session.ts';

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
