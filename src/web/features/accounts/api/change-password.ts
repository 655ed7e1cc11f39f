import { useMutation } from '@tanstack/react-query';
import { apiRequest, setAccessToken } from '#web/lib/api-client.ts';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/**
 * better-auth's POST /auth/change-password, on the session's cookie. The store ends every other
 * session with it (account-rules.ts) and answers this tab a new one: its cookie, and its token.
 */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const { token } = await apiRequest<{ token: string | null }>('/auth/change-password', {
    method: 'POST',
    body,
    withoutToken: true,
  });
  // The stored token was the old session's, which just ended: keep the new one (the session's own,
  // as PUT /user/{email} would give) before any call carrying the old one is refused and signs out.
  if (token) setAccessToken(token);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
