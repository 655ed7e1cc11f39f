import { useSession, type SessionUser } from './api/get-session.ts';

/** SPEC §4: the three states of auth. */
export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut'; user: null };

/** Who is signed in, for the navbar, the guards and the pages. */
export function useCurrentUser(): AuthState {
  const session = useSession();
  if (session.isPending) return { status: 'loading', user: null };
  // A session that could not be read (or exchanged for a token) counts as signed out.
  if (session.data) return { status: 'signedIn', user: session.data };
  return { status: 'signedOut', user: null };
}
