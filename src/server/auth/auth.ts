import { STATUS_CODES } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { session, user } from '#server/db/auth-schema.ts';
import type { MailOutbox } from '#server/features/mail/outbox-worker.ts';
import { HttpError } from '#server/http/errors.ts';
import { refuseNul } from '#server/http/nul-guard.ts';
import { ownPath } from '#shared/own-path.ts';
import {
  type Auth,
  createAuth,
  type OnEmailVerified,
  SESSION_EXPIRES_IN_S,
  SESSION_UPDATE_AGE_S,
} from './better-auth.ts';
import type { CurrentUser } from './current-user.ts';
import { authRateLimit, betterAuthUrl } from './rate-limit.ts';
import { SessionCache } from './session-cache.ts';

/**
 * A refusal of better-auth's ({message, code}, or no body at all) with DESIGN §3's shape added,
 * {error: {code, message}}; its own fields stay, for its browser client, which reads them. Undefined
 * when the answer has that shape already, or is not JSON.
 */
function withErrorShape(status: number, bytes: Buffer | null): object | undefined {
  let answer: unknown = {};
  try {
    if (bytes?.length) answer = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer) || 'error' in answer) {
    return undefined;
  }
  const { code, message } = answer as { code?: unknown; message?: unknown };
  const words = STATUS_CODES[status] ?? 'Error';
  return {
    ...answer,
    error: {
      code: typeof code === 'string' ? code.toLowerCase() : words.toLowerCase().replaceAll(' ', '_'),
      message: typeof message === 'string' && message ? message : words,
    },
  };
}

/** The fields by which better-auth's calls name where the browser goes next. */
const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/**
 * better-auth's origin check takes `/.//evil.example` for one of the store's paths, and its
 * redirect then resolves it to `//evil.example`: another site. So every place a call names, in its
 * query (what better-auth's router reads) or its body, must pass the no-JS forms' own test first.
 * An empty one names none: better-auth then uses its own page.
 */
function refuseForeignRedirects(home: URL) {
  return async (req: FastifyRequest) => {
    const query = betterAuthUrl(req, home.href).searchParams;
    const body: Record<string, unknown> =
      typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    for (const field of REDIRECT_FIELDS) {
      const values = [...query.getAll(field), ...(Object.hasOwn(body, field) ? [body[field]] : [])];
      // ownPath answers the fallback ('') for anything but a path of this store.
      if (values.every((value) => value === '' || ownPath(value, '', home) !== '')) continue;
      const message = `${field} must be a path on this store, such as /dashboard.`;
      throw new HttpError(400, 'invalid_input', message, { [field]: message });
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Cleared by a call that changes who may do what, so that this instance knows at once. */
    sessions: SessionCache<unknown>;
    requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The auth rate limits (rate-limit.ts), for a call outside /api/auth that needs them too. */
    limitAttempts: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; null on calls that need no sign-in. */
    user: CurrentUser | null;
  }
}

export interface AuthOptions {
  config: Config;
  outbox: MailOutbox;
  onEmailVerified?: OnEmailVerified;
}

/**
 * better-auth mounted at /api/auth (sign-up, sign-in, social, two-factor, reset), and the checks
 * of protected calls: requireUser and requireAdmin.
 */
export default fp(async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const { config, outbox, onEmailVerified } = opts;
  const auth = createAuth(app.db, config, outbox, onEmailVerified, app.log);
  app.decorate('auth', auth);
  app.decorateRequest('user', null);

  const limit = await authRateLimit(app, config);
  app.decorate('limitAttempts', limit);

  // better-auth answers its own calls (sign-up, sign-in, sign-out, social, two-factor, reset).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    // Outside the /api scope, so the NUL guard is this route's own.
    preValidation: [refuseNul, refuseForeignRedirects(new URL(config.publicUrl))],
    preHandler: limit,
    async handler(req, reply) {
      const url = betterAuthUrl(req, config.publicUrl);
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
      const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      const refusal = response.status >= 400 ? withErrorShape(response.status, bytes) : undefined;
      if (!refusal) return reply.send(bytes);
      reply.removeHeader('content-length');
      return reply.type('application/json; charset=utf-8').send(refusal);
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
    // The scheme's name is case-insensitive (RFC 9110 §11.1): 'bearer …' is as good as 'Bearer …'.
    const [, token] = /^bearer +(\S{5,})$/i.exec(req.headers.authorization ?? '') ?? [];
    if (!token) throw new HttpError(401, 'unauthenticated', 'Please sign in to continue.');
    const header = `Bearer ${token}`;
    const ended = () =>
      new HttpError(401, 'unauthenticated', 'Your session has ended. Please sign in again.');
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
