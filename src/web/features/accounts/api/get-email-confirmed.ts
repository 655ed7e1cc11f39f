import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';

/**
 * better-auth's GET /auth/get-session, on the session's cookie, for its user's `emailVerified`:
 * whether the signed-in account's address is confirmed (false without a session).
 */
export async function getEmailConfirmed(signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<{ user?: { emailVerified?: boolean } } | null>('/auth/get-session', {
    signal,
    withoutToken: true,
  });
  return answer?.user?.emailVerified === true;
}

/** Under the session's key, so that whatever reads the session again reads this again too. */
export const emailConfirmedKey = (email: string) =>
  [...authKeys.session, 'email-confirmed', email.toLowerCase()] as const;

/** Whether `email`, the signed-in account's, is confirmed; asked only while `email` is known. */
export function useEmailConfirmed(email: string | undefined) {
  return useQuery({
    queryKey: emailConfirmedKey(email ?? ''),
    queryFn: ({ signal }) => getEmailConfirmed(signal),
    enabled: Boolean(email),
  });
}
