import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';

// Requests that guess or spray credentials, or send mail.
const LIMITED_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);

/**
 * The limiter of better-auth's calls: per IP, and per email for calls that name one, counted
 * across instances through Redis when it is configured. Answers the preHandler that applies it.
 */
export async function authRateLimit(app: FastifyInstance, config: Config) {
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

  return limit;
}
