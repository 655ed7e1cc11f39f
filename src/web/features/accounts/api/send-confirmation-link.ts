import { useMutation } from '@tanstack/react-query';
import { EMAIL_CONFIRMED_PATH } from '#shared/email-confirmation.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * better-auth's POST /auth/send-verification-email, on the session's cookie: a new confirmation
 * link for the signed-in account, landing where the sign-up mail's does. Refused when the address
 * is already confirmed (`email_already_verified`); rate limited per IP and per email (429).
 */
export async function sendConfirmationLink(email: string): Promise<void> {
  await apiRequest('/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: EMAIL_CONFIRMED_PATH },
    withoutToken: true,
  });
}

export function useSendConfirmationLink() {
  return useMutation({ mutationFn: sendConfirmationLink });
}
