import { and, eq, like, ne } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { DisplayName, PhotoUrl } from '#shared/schemas/account.ts';
import type { Config } from '#server/config.ts';
import { session, verification } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from '#server/features/accounts/accounts.service.ts';

export const DEMO_EMAILS = new Set([DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL]);

const isDemoEmail = (body: unknown): boolean => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && DEMO_EMAILS.has(email.trim().toLowerCase());
};

/** A refusal in the API's error shape (DESIGN §3), as better-auth answers it: 400. */
export function invalid(field: string, message: string): APIError {
  return new APIError('BAD_REQUEST', {
    error: { code: 'invalid_input', message, fields: { [field]: message } },
  });
}

/**
 * The name of an account Google creates, by the sign-up's rule (DisplayName): the provider sends
 * whatever its user typed (any length, markup, control characters, nothing). Its name if that
 * passes; else that name with what the rule refuses turned to spaces and cut to length; else the
 * address's local part, cleaned alike; else a plain 'Customer'.
 */
export function providerDisplayName(name: unknown, email: unknown): string {
  // Cut by characters, as DisplayName counts them: never through an emoji.
  const cleaned = (text: unknown) =>
    Array.from(
      String(text ?? '')
        .replace(/[\p{Cc}\s<>]+/gu, ' ')
        .trim(),
    )
      .slice(0, DisplayName.maxLength ?? undefined)
      .join('');
  for (const candidate of [name, cleaned(name), cleaned(String(email ?? '').split('@')[0])]) {
    const parsed = DisplayName.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return 'Customer';
}

/** Every password-reset link of this account still outstanding ends (after a reset or a change). */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')));
}

const PUBLIC_IDENTITY_PATHS = new Set(['/sign-up/email', '/update-user']);

/**
 * Our rules on better-auth's own calls, as a plugin of hooks: what a sign-up or profile change may
 * show the public (name, picture); no demo account signing in or up on a production store; a changed
 * password ends the other sessions and the reset links mailed before it, and is mailed to the
 * account's holder (a reset does both in onPasswordReset); two-factor turned on or off ends the
 * other sessions, and an account with it is not signed in by the link of its verification mail.
 */
export function accountRules(
  config: Config,
  db: Db,
  /** Told of a password changed while signed in (its mail). */
  onPasswordChanged: (u: { email: string; name: string }) => Promise<void>,
) {
  return {
    id: 'torque-account-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => PUBLIC_IDENTITY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
            let checkedName: string | undefined;
            if (body.name !== undefined || ctx.path === '/sign-up/email') {
              const name = DisplayName.safeParse(body.name);
              if (!name.success) throw invalid('name', name.error.issues[0]!.message);
              checkedName = name.data;
            }
            if (body.image !== undefined && body.image !== null) {
              const image = PhotoUrl.safeParse(body.image);
              if (!image.success) throw invalid('image', image.error.issues[0]!.message);
            }
            // The name as checked (trimmed) is the one stored, not the one sent: better-auth merges
            // this into the call's body. Only the name, so the other hooks' changes to it stay.
            if (checkedName !== undefined) return { context: { body: { name: checkedName } } };
          }),
        },
        {
          // Demo accounts made in development have their passwords in a log: never on a live
          // store. The same answer as a wrong password, so the address says nothing.
          matcher: (ctx) => ctx.path === '/sign-in/email' && config.env === 'production',
          handler: createAuthMiddleware(async (ctx) => {
            if (isDemoEmail(ctx.body)) {
              throw APIError.from('UNAUTHORIZED', {
                code: 'INVALID_EMAIL_OR_PASSWORD',
                message: 'Invalid email or password',
              });
            }
          }),
        },
        {
          // Nor does a stranger sign up as one and post reviews under the store's own demo name:
          // the answer an address already taken gets.
          matcher: (ctx) => ctx.path === '/sign-up/email' && config.env === 'production',
          handler: createAuthMiddleware(async (ctx) => {
            if (isDemoEmail(ctx.body)) {
              throw APIError.from('UNPROCESSABLE_ENTITY', {
                code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
                message: 'User already exists. Use another email.',
              });
            }
          }),
        },
        {
          // A changed password ends every other session, so a stolen one (or its bearer token)
          // dies with the old password, as it does after a reset.
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => ({
            context: { body: { ...(ctx.body as object), revokeOtherSessions: true } },
          })),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as
              { user?: { id?: unknown; email: string; name: string } } | undefined;
            if (returned instanceof Error || typeof returned?.user?.id !== 'string') return;
            await endResetLinks(db, returned.user.id);
            await onPasswordChanged(returned.user);
          }),
        },
        {
          // Two-factor turned on (the first code verified) or off ends every other session and its
          // bearer token, as a changed password does (OWASP ASVS 7.4.3): one stolen before must
          // not outlive the change, nor turn it off again. better-auth hands the browser that made
          // it a new session (newSession), which stays. A sign-in finished with a code changes
          // nothing: it comes without a session, and ends none.
          matcher: (ctx) => ctx.path?.startsWith('/two-factor/') ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            const { session: before, newSession: after, returned } = ctx.context;
            if (returned instanceof Error || !before || !after) return;
            if (Boolean(before.user.twoFactorEnabled) === Boolean(after.user.twoFactorEnabled)) return;
            await db
              .delete(session)
              .where(and(eq(session.userId, after.user.id), ne(session.id, after.session.id)));
          }),
        },
        {
          // The link of the verification mail signs in (autoSignInAfterVerification), but an
          // account with two-factor on is signed in only with its code: the link confirms the
          // address and the session it made ends at once; its owner then logs in as usual. A
          // browser signed in to the account already keeps its session.
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made?.user.twoFactorEnabled || made.session.id === ctx.context.session?.session.id) return;
            await ctx.context.internalAdapter.deleteSession(made.session.token);
            deleteSessionCookie(ctx);
            ctx.context.setNewSession(null);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
