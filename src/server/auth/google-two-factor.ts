import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getOAuthState } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { ownPath } from '#shared/own-path.ts';
import { twoFactorStep } from '#shared/form-posts.ts';

// The twoFactor plugin's pending sign-in, as its own hook on /sign-in/email makes it, so that its
// verify-totp and verify-backup-code finish this one too: the cookie's name (its
// TWO_FACTOR_COOKIE_NAME, not exported), its default twoFactorCookieMaxAge, and the two
// verification rows it reads (the user's id, and the count of codes tried).
const TWO_FACTOR_COOKIE = 'two_factor';
const PENDING_MAX_AGE_S = 600;

/** Where a Google sign-in makes a session: its redirect's callback, and an ID token posted. */
const SOCIAL_SIGN_IN_PATHS = new Set(['/callback/:id', '/sign-in/social']);

/**
 * The twoFactor plugin asks for the code only on the password sign-in: a Google sign-in of an
 * account with two-factor on would get a full session without it. Its session ends at once and it
 * waits for the code as the password's does; the redirect goes to the code step, which goes on to
 * the sign-in's own callbackURL (a path of this store only) once the code is right.
 */
export function googleTwoFactor() {
  return {
    id: 'torque-google-two-factor',
    hooks: {
      after: [
        {
          matcher: (ctx) => SOCIAL_SIGN_IN_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made?.user.twoFactorEnabled) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(made.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + PENDING_MAX_AGE_S * 1000);
            const adapter = ctx.context.internalAdapter;
            await adapter.createVerificationValue({ value: made.user.id, identifier, expiresAt });
            await adapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: PENDING_MAX_AGE_S });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

            // The callback redirects (to the code step instead); an ID token posted is answered
            // as the password sign-in is.
            if (ctx.path === '/callback/:id') {
              const callbackURL = (await getOAuthState())?.callbackURL;
              throw ctx.redirect(twoFactorStep(ownPath(callbackURL, '/', new URL(ctx.context.baseURL))));
            }
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
