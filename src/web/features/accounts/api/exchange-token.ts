import type { TokenResponse } from '#shared/schemas/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * PUT /user/{email}: trades the signed-in session (its cookie) for the access token that protected
 * calls carry (SPEC §4, §7). Sent without a token: a stale one would stand in for the cookie.
 */
export function exchangeAccessToken(email: string): Promise<TokenResponse> {
  return apiRequest<TokenResponse>(`/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { email },
    withoutToken: true,
  });
}
