import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import { EMAIL_CONFIRMED_PATH } from '#shared/email-confirmation.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/schemas/user.ts';
import type { Config } from '#server/config.ts';
import { type Db, schema } from '#server/db/client.ts';
import type { MailOutbox } from '#server/features/mail/outbox-worker.ts';
import { endCredentialsBeforeConfirmation } from '#server/features/accounts/accounts.service.ts';
import { enqueueMail, type MailToSend } from '#server/features/mail/outbox.service.ts';
import { accountRules, DEMO_EMAILS, endResetLinks, providerDisplayName } from './account-rules.ts';
import { googleTwoFactor } from './google-two-factor.ts';
import { signUpEmailRule } from './sign-up-email-rule.ts';

// A session lasts a week; one used after a day is extended to a week from then.
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

/**
 * Told of an account whose address is verified: by the link of the verification mail, or at its
 * creation when the provider vouched for it (Google). ADMIN_EMAILS' promotion.
 */
export type OnEmailVerified = (verified: { id: string; email: string }) => Promise<void>;

export function createAuth(
  db: Db,
  config: Config,
  outbox: MailOutbox,
  onEmailVerified?: OnEmailVerified,
  log?: FastifyBaseLogger,
) {
  // Through the outbox like every mail, sent by its worker and not awaited: an answer that waited
  // for the SMTP server would tell, by its time, which addresses have an account (only those are
  // mailed a reset link). Poked here, as a mail written in a GET (the verification link's hand-over)
  // is not poked by its answer; if the SMTP server is down, it is sent once the server is back.
  const mail = async (m: MailToSend) => {
    await enqueueMail(db, m);
    outbox.poke();
  };
  // Its holder learns of every change, so that one made by someone else does not go unnoticed.
  const passwordChanged = (u: { email: string; name: string }) =>
    mail({
      kind: 'password_changed',
      to: u.email,
      data: { name: u.name, changedAt: new Date().toISOString() },
    });
  const port = new URL(config.publicUrl).port || (config.publicUrl.startsWith('https') ? '443' : '80');
  // Users whose next reset mail is the ADMIN_EMAILS hand-over's (asked for just below, and written
  // within that call: better-auth awaits sendResetPassword).
  const handOver = new Set<string>();
  /** An address in ADMIN_EMAILS confirmed: only its owner keeps a way in (see the service). */
  async function handOverToOwner(u: { id: string; email: string }, request?: Request): Promise<void> {
    const current = request && (await auth.api.getSession({ headers: request.headers }));
    const keep = current?.user.id === u.id ? current.session.id : undefined;
    if (!(await endCredentialsBeforeConfirmation(db, u.id, keep))) return;
    handOver.add(u.id);
    try {
      await auth.api.requestPasswordReset({ body: { email: u.email, redirectTo: '/reset-password' } });
    } finally {
      handOver.delete(u.id);
    }
  }

  const auth = betterAuth({
    appName: 'Torque',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // An unexpected failure (a failed statement) goes to the store's error handler, not to the
    // console with the statement's values (a reset token): logged scrubbed, answered in the API's
    // shape, 503 when the database is out of disk or connections.
    onAPIError: { throw: true },
    // better-auth's own lines go to the store's log, whose err serializer keeps only what is safe.
    ...(log && {
      logger: {
        log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
          log[level]({ err: args.find((a) => a instanceof Error) }, `better-auth: ${message}`),
      },
    }),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    trustedOrigins:
      config.env === 'production'
        ? [config.publicUrl]
        : [config.publicUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // The link just used is spent; the older ones of the same account must not outlive it.
      async onPasswordReset({ user: u }) {
        await endResetLinks(db, u.id);
        await passwordChanged(u);
      },
      async sendResetPassword({ user: u, url }) {
        const kind = handOver.has(u.id) ? 'admin_password' : 'password_reset';
        await mail({ kind, to: u.email, data: { name: u.name, url } });
      },
    },
    // Signing up never needs it, but ADMIN_EMAILS counts only an address proved by its link.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user: u, url }) {
        // The demo accounts' made-up addresses are verified when they are created.
        if (DEMO_EMAILS.has(u.email.toLowerCase())) return;
        // Sent to the home page without a word otherwise: there it says the address is confirmed.
        const link = new URL(url);
        if ((link.searchParams.get('callbackURL') ?? '/') === '/') {
          link.searchParams.set('callbackURL', EMAIL_CONFIRMED_PATH);
        }
        await mail({ kind: 'email_verification', to: u.email, data: { name: u.name, url: link.href } });
      },
      async afterEmailVerification(u, request) {
        if (config.adminEmails.includes(u.email.toLowerCase())) await handOverToOwner(u, request);
        await onEmailVerified?.(u);
      },
    },
    user: {
      additionalFields: { role: { type: 'string', defaultValue: 'user', input: false } },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    databaseHooks: {
      user: {
        create: {
          // Every account starts as a customer, whatever a sign-up sends: only promote() makes admins.
          async before(u) {
            return { data: { ...u, role: 'user' } };
          },
          // Once the account is committed, so that a promotion and its audit entry can name it.
          async after(u) {
            if (u.emailVerified) await onEmailVerified?.(u);
          },
        },
      },
    },
    hooks: { before: signUpEmailRule },
    // Our own limiter (rate-limit.ts) counts per IP and per email, across instances through Redis.
    rateLimit: { enabled: false },
    // On everywhere: better-auth would turn its Origin/CSRF checks off by itself under NODE_ENV=test.
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      accountRules(config, db, passwordChanged),
      bearer(),
      twoFactor({ issuer: 'Torque' }),
      ...(config.google
        ? [
            // Registered as the social provider "google", with its endpoints discovered from the
            // issuer, so that tests can point it at a local OpenID provider.
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Signing out of the store must not sign the customer out of their Google account.
                  disableProviderLogout: true,
                  // Shown with their reviews like any customer's: the name a sign-up may have.
                  mapProfileToUser: (profile) => ({ name: providerDisplayName(profile.name, profile.email) }),
                },
              ],
            }),
            // With two-factor on, Google's sign-in too is finished only with the code.
            googleTwoFactor(),
          ]
        : []),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
