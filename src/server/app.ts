import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { ResponseCache, type CachedBody } from './db/response-cache.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { expireUnpaidOrders } from './features/orders/orders.service.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { createSandboxGateway } from './payments/sandbox.ts';
import { storeRoutes } from './features/store/store.routes.ts';
import { toolsRoutes } from './features/tools/tools.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { bootstrapAdmins, createDemoAccounts } from './features/users/users.service.ts';
import { createMailer } from './mail/mailer.ts';
import auth from './plugins/auth.ts';
import docs from './plugins/docs.ts';
import errors, { HttpError } from './plugins/errors.ts';
import security from './plugins/security.ts';
import web from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The public catalogue's serialized answers, dropped on every change (any instance). */
    catalogue: ResponseCache<CachedBody>;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise the app opens the configured one and closes it. */
  database?: Database;
}

const BODY_LIMIT = 64 * 1024;
/** The log levels at which Fastify writes a line as each request arrives and completes. */
const REQUEST_LINE_LEVELS = new Set(['info', 'debug', 'trace']);
const EXPIRY_INTERVAL_MS = 60_000;

/** The path ("address", "card.number") of the first string holding a NUL character, if any. */
function nulIn(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found.replace(/^(body|params|querystring)\.?/, '');
  }
  return undefined;
}

/** The whole store as a Fastify instance, ready to `listen` or to be driven with `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // A request's child logger binds its id to the request's own lines, which are info. At warn
    // and above there are none to tie together (the error handler names the method and URL), and
    // a child per request cost a tenth of the catalogue's throughput (issue 7).
    ...(REQUEST_LINE_LEVELS.has(config.logLevel) ? {} : { childLoggerFactory: (logger) => logger }),
    bodyLimit: BODY_LIMIT,
    // Emails in a path may be 254 characters; longer ids fail their own schema with a 400.
    routerOptions: { maxParamLength: 300 },
    // The router's own refusals (a bad %-escape, an over-long parameter) in the one error shape.
    frameworkErrors: (err, _req, res) => {
      const reply = res as unknown as FastifyReply;
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.code(tooLong ? 414 : 400).send({
        error: tooLong
          ? { code: 'uri_too_long', message: 'This address is too long.' }
          : { code: 'bad_url', message: 'This address is not valid.' },
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  if (!options.database) app.addHook('onClose', async () => database.close());
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const catalogue = new ResponseCache<CachedBody>();
  await database.onChange('catalogue', () => catalogue.clear());
  app.decorate('catalogue', catalogue);

  await app.register(errors);
  await app.register(security, { config });
  await app.register(docs);
  await app.register(auth, { config, mailer: createMailer(config, app.log) });
  await bootstrapAdmins(database.db, config.adminEmails);
  if (config.env !== 'production') await createDemoAccounts(database.db, app.auth, app.log);

  // The Stripe SDK (218 modules) is loaded only when Stripe is configured: it is a tenth of the
  // server's start otherwise.
  const stripeModule = config.stripe ? await import('./payments/stripe.ts') : undefined;
  const stripe = config.stripe && stripeModule?.createStripeClient(config.stripe);
  const sandbox = stripe ? undefined : createSandboxGateway(database.db);
  const gateway =
    stripe && config.stripe ? stripeModule!.createStripeGateway(stripe, config.stripe) : sandbox!;

  await app.register(
    async (api) => {
      // PostgreSQL text cannot hold NUL: refuse it at the door (400), before any query sees it.
      // It can only come as %00 in the address or as \u0000 in a body.
      api.addHook('preValidation', (req, _reply, done) => {
        if (req.body === undefined && !req.url.includes('%00')) return done();
        const at = nulIn({ params: req.params, querystring: req.query, body: req.body });
        if (at === undefined) return done();
        done(
          new HttpError(400, 'invalid_input', 'Some fields are not valid.', {
            [at || 'input']: 'Text may not contain NUL characters.',
          }),
        );
      });
      await api.register(healthRoutes);
      await api.register(toolsRoutes);
      await api.register(reviewsRoutes);
      await api.register(usersRoutes);
      await api.register(storeRoutes);
      await api.register(ordersRoutes);
      await api.register(adminRoutes);
      await api.register(paymentsRoutes, {
        gateway,
        sandbox,
        stripe: stripe && { client: stripe, webhookSecret: config.stripe?.webhookSecret },
      });
    },
    { prefix: '/api' },
  );

  await app.register(web, { config });

  // Unpaid orders past the hold go back to stock. Safe with several instances (SKIP LOCKED).
  let expiry: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const run = () =>
      expireUnpaidOrders(database.db, config.orderHoldHours)
        .then((n) => n && app.log.info({ cancelled: n }, 'expired unpaid orders'))
        .catch((err: unknown) => app.log.warn({ err }, 'order expiry failed'));
    expiry = setInterval(run, EXPIRY_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(expiry));
  return app;
}
