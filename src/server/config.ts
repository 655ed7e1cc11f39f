import { resolve } from 'node:path';
import { z } from 'zod';

// The one place that reads the environment (STYLE.md habit 6). Parsed once at start; a bad value
// stops the process with a message naming the variable. A variable set to nothing (`PORT=` in an env
// file) is unset.

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** An address a mail header takes: `shop@example.com` or `Torque <shop@example.com>`. */
const mailbox = z
  .string()
  .trim()
  .refine((s) => z.email().safeParse(/<([^<>]*)>$/.exec(s)?.[1] ?? s).success, {
    error: 'an email address (shop@example.com, or Torque <shop@example.com>)',
  });

const Env = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// URL' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'an https:// (or http://) URL' }).optional(),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'a redis:// (or rediss://) URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an smtp:// (or smtps://) URL' }).optional(),
  MAIL_FROM: mailbox.optional(),
  MAIL_REPLY_TO: mailbox.optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYMENT_GATEWAY: z.enum(['stripe', 'sandbox'], { error: 'stripe or sandbox' }).optional(),
  DEMO_CATALOGUE: z.stringbool({ error: 'true or false' }).optional(),
  // Fractions of an hour are allowed: 0.5 holds an unpaid order for half an hour (decision 014).
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .min(1 / 60, 'must be at least one minute (0.017)')
    .max(24 * 366, 'must be at most a year (8784)')
    .default(2),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((s, ctx) => {
      if (s === '' || s === 'false') return false as const;
      if (/^\d+$/.test(s)) return Number(s);
      const list = s.split(',').map((x) => x.trim());
      if (list.every((x) => /^[\d.:a-f]+(\/\d+)?$/i.test(x))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'a hop count (1) or addresses and CIDRs of the proxies (10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }),
});

/** A secret a person typed or a placeholder: few distinct characters (32 spaces, "aaaa…", "1234…"). */
const weakSecret = (secret: string) => new Set(secret.trim()).size < 12;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Where the embedded database keeps its files (unused with databaseUrl) and, without smtpUrl, the outgoing mail. */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  logLevel: string;
  /** The built SPA (vite build output). */
  webDir: string;
  /**
   * Signs sessions and the links mailed (email confirmation); shared by every instance of one store.
   * Empty outside production without AUTH_SECRET: the app then uses a random one it made and keeps
   * in its database (storeSecret, decision 027).
   */
  authSecret: string;
  /** Requests of each kind (sign-in, sign-up, reset, confirmation mail, newsletter) allowed per minute, per IP and per email. */
  authRateLimit: number;
  /** Shared rate-limit counters when several instances run; in memory otherwise. */
  redisUrl: string | undefined;
  /** Google sign-in, when both credentials are set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Mail goes through SMTP when set; otherwise each message is written to DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, or no-reply at PUBLIC_URL's host: never @localhost on a live store, which receivers refuse. */
  mailFrom: string;
  /** Where customers' answers to the store's mails go (Reply-To on every mail), when set. */
  mailReplyTo: string | undefined;
  /** The Stripe gateway when both keys are set (and PAYMENT_GATEWAY is not sandbox); the sandbox gateway otherwise. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      }
    | undefined;
  /**
   * Whether an empty database gets the demo catalogue and its reviews: outside production unless
   * turned off; in production only when asked for (a staging store), since a live store sells its
   * own tools and shows only real customers' reviews.
   */
  demoCatalogue: boolean;
  /** Unpaid orders older than this are cancelled and their stock returned. */
  orderHoldHours: number;
  /** Which proxies' X-Forwarded-For to believe: off, a hop count, or their addresses (Fastify's trustProxy). */
  trustProxy: false | number | string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v?.trim())));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)',
    );
  }
  if (e.AUTH_SECRET && weakSecret(e.AUTH_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: too easy to guess: use 32+ random characters (openssl rand -base64 32)',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither',
    );
  }
  const stripeKeys = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (e.PAYMENT_GATEWAY === 'stripe' && !stripeKeys) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_GATEWAY: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
  }
  if (e.NODE_ENV === 'production') {
    // A live store's links and trusted origin are its own address; its cards are charged.
    if (!e.PUBLIC_URL) {
      throw new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL: required in production (the address customers open, https://shop.example.com)',
      );
    }
    if (!stripeKeys && e.PAYMENT_GATEWAY !== 'sandbox') {
      throw new ConfigError(
        'Invalid configuration:\n  STRIPE_SECRET_KEY: required in production, with STRIPE_PUBLISHABLE_KEY (or PAYMENT_GATEWAY=sandbox for a store that charges nothing)',
      );
    }
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    webDir: resolve(e.WEB_DIR),
    authSecret: e.AUTH_SECRET ?? '',
    authRateLimit: e.AUTH_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Torque <no-reply@${new URL(publicUrl).hostname}>`,
    mailReplyTo: e.MAIL_REPLY_TO,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.PAYMENT_GATEWAY !== 'sandbox'
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    demoCatalogue: e.DEMO_CATALOGUE ?? e.NODE_ENV !== 'production',
    orderHoldHours: e.ORDER_HOLD_HOURS,
    trustProxy: e.TRUST_PROXY,
  };
}
