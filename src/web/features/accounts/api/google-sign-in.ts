/**
 * Leaves for Google's consent page; better-auth brings the browser back to `callbackURL` signed in
 * (the session query then exchanges the session for the access token), or to /login?error=… .
 * Resolves with an error message when the redirect could not start.
 */
export async function startGoogleSignIn(callbackURL: string): Promise<string | undefined> {
  try {
    const { authClient, authErrorMessage } = await import('#web/lib/auth-client.ts');
    const { data, error } = await authClient.signIn.social({
      provider: 'google',
      callbackURL,
      errorCallbackURL: '/login',
    });
    if (error || !data?.url) return authErrorMessage(error);
    window.location.assign(data.url);
    return undefined;
  } catch {
    return 'The store could not be reached. Check your connection.';
  }
}

/** The message for the `error` query parameter better-auth adds when Google sign-in fails. */
export function googleErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  if (code === 'access_denied') return 'Google sign-in was cancelled.';
  if (code === 'account_not_linked') {
    return 'This email already has a Torque account. Log in with its password.';
  }
  return `Google sign-in did not complete (${code.replaceAll('_', ' ')}). Please try again.`;
}
