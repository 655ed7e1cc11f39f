import rateLimit from '@fastify/rate-limit';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { type Db, schema } from '#server/db/client.ts';
import { session, user } from '#server/db/auth-schema.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { HttpError } from './errors.ts';
import { SessionCache } from './session-cache.ts';

// A session lasts a week; one used after a day is extended to a week from then.
const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 7;
const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

export function createAuth(db: Db, config: Config, mailer: Mailer) {
  const port = new URL(config.publicUrl).port || (config.publicUrl.startsWith('https') ? '443' : '80');
  return betterAuth({
    appName: 'Torque',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    trustedOrigins:
      config.env === 'production'
        ? [config.publicUrl]
        : [config.publicUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
    emailAndPassword: {
      enabled: true,
      // OWASP ASVS 2.1.1 / 2.1.2: at least 8 characters, and long passphrases allowed.
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, url }) {
        await mailer.send({
          to: u.email,
          subject: 'Reset your Torque password',
          text: `Hello ${u.name},\n\nSomeone (we hope you) asked to reset the password of your Torque account.\nOpen this link within an hour to choose a new one:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
          link: url,
        });
      },
    },
    user: {
      additionalFields: { role: { type: 'string', defaultValue: 'user', input: false } },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS bootstraps admins: such an account is an admin from its first sign-up.
          async before(u) {
            return {
              data: { ...u, role: config.adminEmails.includes(u.email.toLowerCase()) ? 'admin' : 'user' },
            };
          },
        },
      },
    },
    // Our own limiter (below) counts per IP and per email, across instances through Redis.
    rateLimit: { enabled: false },
    // On everywhere: better-auth would turn its Origin/CSRF checks off by itself under NODE_ENV=test.
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
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
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The caller of a protected call, as requireUser found it. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** From the database (a token never carries the role), through the instance's SessionCache. */
  admin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Cleared by a call that changes who may do what, so that this instance knows at once. */
    sessions: SessionCache<unknown>;
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; null on calls that need no sign-in. */
    user: CurrentUser | null;
  }
}

// Requests that guess or spray credentials, or send mail.
const LIMITED_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);

export default fp(async function authPlugin(app: FastifyInstance, opts: { config: Config; mailer: Mailer }) {
  const { config, mailer } = opts;
  const auth = createAuth(app.db, config, mailer);
  app.decorate('auth', auth);
  app.decorateRequest('user', null);

  // ioredis is loaded only when Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    max: config.authRateLimit,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'torque-auth-' } : {}),
    // A Redis outage must not lock every customer out.
    skipOnError: true,
  });
  const perIp = app.createRateLimit({ keyGenerator: (req) => `ip:${req.ip}` });
  const perEmail = app.createRateLimit({
    keyGenerator: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });

  async function limit(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?')[0] ?? '';
    if (!LIMITED_PATHS.has(path)) return;
    const hasEmail = typeof (req.body as { email?: unknown } | undefined)?.email === 'string';
    for (const check of hasEmail ? [perIp, perEmail] : [perIp]) {
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(
          429,
          'rate_limited',
          `Too many attempts. Please wait ${result.ttlInSeconds} seconds and try again.`,
        );
      }
    }
  }

  // better-auth answers its own calls (sign-up, sign-in, sign-out, social, two-factor, reset).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    preHandler: limit,
    async handler(req, reply) {
      const url = new URL(req.url, config.publicUrl);
      const hasBody = req.method !== 'GET' && req.body !== undefined;
      let body: string | undefined;
      try {
        body = hasBody ? JSON.stringify(req.body) : undefined;
      } catch {
        throw new HttpError(400, 'invalid_json', 'The request body is nested too deeply.');
      }
      const response = await auth.handler(
        new Request(url, { method: req.method, headers: fromNodeHeaders(req.headers), body }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      // Sign-out, a new password, a changed name: this instance forgets its sessions at once;
      // the others when the database's NOTIFY reaches them.
      if (req.method === 'POST') sessions.clear();
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  // Protected calls carry the access token (SPEC §6) as a bearer token: the session's own token,
  // so signing out or expiry ends it at once. One prepared query finds the live session with its
  // user and role; better-auth's getSession (two queries and two HMACs) is called only when the
  // session is due to be extended, which it does as it would for a cookie.
  const sessionByToken = app.db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      role: user.role,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_by_token');
  const sessions = new SessionCache<Awaited<ReturnType<typeof sessionByToken.execute>>[number]>(
    app.database.listening,
  );
  await app.database.onChange('sessions', () => sessions.clear());
  app.decorate('sessions', sessions);

  app.decorate('requireUser', async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ') || header.length < 12) {
      throw new HttpError(401, 'unauthenticated', 'Please sign in to continue.');
    }
    const ended = () =>
      new HttpError(401, 'unauthenticated', 'Your session has ended. Please sign in again.');
    const token = header.slice('Bearer '.length);
    const found = await sessions.get(token, async () => (await sessionByToken.execute({ token }))[0]);
    const now = Date.now();
    if (!found || found.expiresAt.getTime() <= now) throw ended();
    const age = now - (found.expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000);
    if (age >= SESSION_UPDATE_AGE_S * 1000) {
      const extended = await auth.api.getSession({ headers: new Headers({ authorization: header }) });
      sessions.clear();
      if (!extended) throw ended();
    }
    req.user = {
      id: found.id,
      email: found.email,
      name: found.name,
      image: found.image,
      admin: found.role === 'admin',
    };
  });

  app.decorate('requireAdmin', async (req: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(req, reply);
    if (!req.user!.admin) throw new HttpError(403, 'forbidden', 'Only admins may do this.');
  });
});
