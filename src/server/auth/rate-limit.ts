import { createHash } from 'node:crypto';
import rateLimit, {
  normalizeIP,
  type CreateRateLimitOptions,
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TOO_MANY_MAILS } from '#shared/form-posts.ts';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';

/**
 * Calls made with a session that check its account's password: a stolen session (or bearer token)
 * must not guess it any faster than a sign-in may. They spend the sign-in budget of the session's
 * account, whatever email the body names.
 */
const SESSION_PASSWORD_PATHS = new Set([
  '/api/auth/verify-password',
  '/api/auth/change-password',
  '/api/auth/delete-user',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
]);

/**
 * Requests that guess or spray credentials, send mail, or fill a list with addresses, by what they
 * do: each kind counts on its own, so that an office's mistyped passwords do not refuse a
 * colleague's newsletter sign-up or password reset from the same address.
 */
const LIMITED_PATHS = new Map([
  ['/api/newsletter', 'newsletter'],
  ['/api/auth/sign-in/email', 'sign-in'],
  ...[...SESSION_PASSWORD_PATHS].map((path) => [path, 'sign-in'] as const),
  ['/api/auth/two-factor/verify-totp', 'sign-in'],
  ['/api/auth/two-factor/verify-backup-code', 'sign-in'],
  ['/api/auth/sign-up/email', 'sign-up'],
  ['/api/auth/request-password-reset', 'reset'],
  ['/api/auth/reset-password', 'reset'],
  ['/api/auth/send-verification-email', 'verify'],
]);

/**
 * Calls that mail the address their body names, whoever asks. Their per-minute limits still let
 * anyone have some 600 mails an hour sent to one inbox (a customer's, an admin's), so these mails
 * are also capped per address per hour, as stores do: one budget for all of them, from any IP. It
 * is counted before better-auth looks the address up, so a known and an unknown address are
 * refused alike, and the refusal tells no one whether it has an account.
 */
const MAILING_PATHS = new Set([
  '/api/auth/request-password-reset',
  '/api/auth/send-verification-email',
  // Mails a link to confirm the sign-up, or nothing to a confirmed address: counted alike, so the
  // refusal tells no one which it is (decision 032).
  '/api/newsletter',
]);

/** Mails these calls may have sent to one address per hour: a lost mail or two, and a reset. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

/**
 * The URL better-auth is handed for a request, and so the path its router matches: the WHATWG
 * parser resolves `.`/`..`/`%2e` segments and backslashes and drops a `#fragment`, as the router
 * sees them. The limiter counts this path, never the raw one, so no spelling escapes it.
 */
export function betterAuthUrl(req: FastifyRequest, publicUrl: string): URL {
  return new URL(req.url, publicUrl);
}

/** An email's key, one for every spelling of its address: 128 bits of its SHA-256, in hex. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** @fastify/rate-limit with these options, in a scope of its own: its `createRateLimit`. */
async function limiterFactory(app: FastifyInstance, options: FastifyRateLimitOptions) {
  let create: FastifyInstance['createRateLimit'] | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, options);
    create = scope.createRateLimit;
  });
  return create!;
}

/** Counts a key in its window: the first count starts the window, as @fastify/rate-limit's does. */
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {n, tonumber(ARGV[1])}
end
return {n, redis.call('PTTL', KEYS[1])}`;

/**
 * Counts in Redis as `torque-auth:<key>`, e.g. `torque-auth:sign-in:ip:10.0.0.1` or
 * `torque-auth:mail:email:<hash of the address>`. The library's own
 * Redis store names a limiter made outside a route after the route it lacks
 * (`torque-auth-undefinedundefined-<key>`).
 */
function redisCounts(redis: Redis): FastifyRateLimitStoreCtor {
  return class RedisCounts implements FastifyRateLimitStore {
    incr(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      redis.eval(COUNT, 1, `torque-auth:${key}`, timeWindow).then(
        (counted) => {
          const [current, ttl] = counted as [number, number];
          done(null, { current, ttl });
        },
        (err: Error) => done(err),
      );
    }
    // One store for every limiter: their keys name their kind already.
    child() {
      return this;
    }
  };
}

/**
 * The limiter of better-auth's calls and the newsletter's sign-up: per IP, and per account (its
 * email) for calls that name one or are made with a session, counted across instances through Redis
 * when it is configured and reachable, in this process's memory otherwise. Answers the preHandler
 * that applies it.
 */
export async function authRateLimit(app: FastifyInstance, config: Config) {
  const common = { global: false, max: config.authRateLimit, timeWindow: '1 minute' } as const;
  // ioredis is loaded only when Redis is configured. It is CommonJS: the bundle's chunk exposes
  // only `default` (its module.exports, which carries `Redis`), as Node's own loader does too.
  const redis = config.redisUrl
    ? new (await import('ioredis')).default.Redis(config.redisUrl, {
        // Never wait for Redis: a command while it is away fails at once (and counts in memory),
        // and one that hangs gives up after 100 ms.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 1_000,
        commandTimeout: 100,
      })
    : undefined;
  if (redis) {
    let down = false;
    // Reconnection retries on its own; one line per outage, not one per attempt.
    redis.on('error', (err: Error) => {
      if (!down) app.log.warn({ err }, 'Redis unreachable: auth rate limits count in memory');
      down = true;
    });
    redis.on('ready', () => (down = false));
    app.addHook('onClose', async () => void redis.disconnect());
    // An instance counts in Redis from its first request: it waits for the connection (at most
    // its timeout) rather than count its first attempts in its memory alone.
    await new Promise<void>((resolve) => {
      if (redis.status === 'ready') return resolve();
      const timer = setTimeout(done, 1_000).unref();
      function done() {
        clearTimeout(timer);
        redis!.off('ready', done).off('error', done);
        resolve();
      }
      redis!.once('ready', done).once('error', done);
    });
  }
  const local = await limiterFactory(app, common);
  const shared = redis
    ? await limiterFactory(app, { ...common, store: redisCounts(redis), skipOnError: false })
    : undefined;

  /** A count by `keyGenerator`'s key, with `refusal` the 429's message for the seconds left. */
  const limiter = (
    keyGenerator: (req: FastifyRequest) => string,
    refusal = (seconds: number) => `Too many attempts. Please wait ${seconds} seconds and try again.`,
    options: CreateRateLimitOptions = {},
  ) => ({
    local: local({ ...options, keyGenerator }),
    shared: shared?.({ ...options, keyGenerator }),
    refusal,
  });
  type Limiter = ReturnType<typeof limiter>;
  const pathOf = (req: FastifyRequest) => betterAuthUrl(req, config.publicUrl).pathname;
  const kindOf = (req: FastifyRequest) => LIMITED_PATHS.get(pathOf(req));
  async function count(check: Limiter, req: FastifyRequest) {
    if (check.shared && redis?.status === 'ready') {
      try {
        return await check.shared(req);
      } catch (err) {
        app.log.warn({ err }, 'Redis failed a rate-limit count: counted in memory');
      }
    }
    return check.local(req);
  }
  /**
   * The account whose password or mail a call is about, by its email: the session's for a call
   * made with one, else the one the body names, hashed: a body's email may be any length until
   * better-auth checks it, after this count. Undefined when there is none.
   */
  async function accountOf(req: FastifyRequest): Promise<string | undefined> {
    if (SESSION_PASSWORD_PATHS.has(pathOf(req))) {
      const found = await app.auth.api.getSession({
        headers: fromNodeHeaders(req.headers),
        query: { disableRefresh: true },
      });
      return found ? emailKey(found.user.email) : undefined;
    }
    const email = (req.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? emailKey(email) : undefined;
  }
  const accounts = new WeakMap<FastifyRequest, string>();
  // An IPv6 client by its /64, which one subscriber holds whole; an IPv4-mapped one by its IPv4.
  const perIp = limiter((req) => `${kindOf(req)}:ip:${normalizeIP(req.ip)}`);
  const perEmail = limiter((req) => `${kindOf(req)}:email:${accounts.get(req)}`);
  const mailsPerAddress = limiter(
    (req) => `mail:email:${accounts.get(req)}`,
    (seconds) => {
      const minutes = Math.ceil(seconds / 60);
      return `${TOO_MANY_MAILS} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
    },
    { max: MAILS_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' },
  );

  async function limit(req: FastifyRequest, reply: FastifyReply) {
    if (!kindOf(req)) return;
    const account = await accountOf(req);
    if (account !== undefined) accounts.set(req, account);
    const checks = account === undefined ? [perIp] : [perIp, perEmail];
    if (account !== undefined && MAILING_PATHS.has(pathOf(req))) checks.push(mailsPerAddress);
    for (const check of checks) {
      const result = await count(check, req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', check.refusal(result.ttlInSeconds));
      }
    }
  }

  return limit;
}
