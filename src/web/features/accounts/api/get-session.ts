import { useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionUser, type SessionAnswer, type SessionUser } from '#shared/session.ts';
import {
  apiRequest,
  getAccessToken,
  removeAccessToken,
  setAccessToken,
  whileReadingSession,
} from '#web/lib/api-client.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { exchangeAccessToken } from './exchange-token.ts';

export type { SessionUser };

/**
 * The session from its cookie, with the access token made to match it: a session without a stored
 * token (back from Google, or a token the server rotated after a two-factor change) is exchanged
 * through PUT /user/{email}; no session means no token. The token is the session's own (DESIGN §3),
 * so comparing them tells whether the stored one still belongs to this session.
 */
function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return whileReadingSession(readSession(signal));
}

async function readSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const answer = await apiRequest<SessionAnswer | null>('/auth/get-session', { signal, withoutToken: true });
  if (!answer?.user) {
    removeAccessToken();
    storeUser(null);
    return null;
  }
  if (getAccessToken() !== answer.session.token) {
    const { token } = await exchangeAccessToken(answer.user.email);
    setAccessToken(token);
  }
  const user = sessionUser(answer);
  storeUser(user);
  return user;
}

// The account the stored token was issued to, kept beside it so that a returning customer's pages
// render at once, while the session is read again in the background (the session call
// stood first in line before every protected page).
const USER_KEY = 'sessionUser';

export function storeUser(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Storage unavailable: pages wait for the session instead.
  }
}

/** The stored account, when a token is stored too; the session query shows it until it answers. */
function storedUser(): SessionUser | undefined {
  if (!getAccessToken()) return undefined;
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null;
    return typeof user?.email === 'string' && typeof user.name === 'string' ? user : undefined;
  } catch {
    return undefined;
  }
}

export const sessionQuery = {
  queryKey: authKeys.session,
  queryFn: ({ signal }: { signal: AbortSignal }) => getSessionUser(signal),
  // Sign-in, sign-out and two-factor changes refresh it explicitly; a refused token signs out.
  staleTime: Infinity,
};

export function useSession() {
  // A session that answers "signed out" replaces the placeholder, and the guards send the visitor
  // to /login; a token the server refuses signs out as on any protected call. The stored account
  // is read once the server's HTML, drawn without it, is hydrated.
  const hydrated = useHydrated();
  return useQuery({ ...sessionQuery, placeholderData: hydrated ? storedUser : undefined });
}

/**
 * Reads the session again after it changed on the server (sign-in, sign-up, two-factor on or off),
 * exchanging it for a fresh access token. Resolves to the signed-in account, or null.
 */
export function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

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
