import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import auth from './auth/auth.ts';
import type { Config } from './config.ts';
import { type Database, type Db } from './db/client.ts';
import { storeSecret } from './db/store-secret.ts';
import accountsAtStart from './features/accounts/accounts-at-start.ts';
import { accountsAdminRoutes } from './features/accounts/accounts.admin.routes.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { promoteIfListed } from './features/accounts/accounts.service.ts';
import { auditAdminRoutes } from './features/audit/audit.admin.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import newsletterPurge from './features/newsletter/newsletter-purge.ts';
import { newsletterAdminRoutes, newsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import mailOutbox from './features/mail/outbox-worker.ts';
import orderExpiry from './features/orders/order-expiry.ts';
import { ordersAdminRoutes } from './features/orders/orders.admin.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { selectGateway } from './features/payments/gateways/select-gateway.ts';
import paymentReconciliation from './features/payments/payment-reconciliation.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { reviewsAdminRoutes } from './features/reviews/reviews.admin.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import sitemap from './features/tools/sitemap.routes.ts';
import { toolsAdminRoutes } from './features/tools/tools.admin.routes.ts';
import { toolsRoutes } from './features/tools/tools.routes.ts';
import docs from './http/docs.ts';
import errors, { clientErrors, routerErrors } from './http/errors.ts';
import jsonBody from './http/json-body.ts';
import nulGuard from './http/nul-guard.ts';
import { hotAnswer, serverWith } from './http/hot-answers.ts';
import { CATALOGUE_ANSWERS, ResponseCache, type CachedBody } from './http/response-cache.ts';
import security, { apiHeaders } from './http/security.ts';
import { AccessLog, accessLine, createLogger } from './logger.ts';
import formPosts from './ssr/form-posts.ts';
import web from './ssr/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The public catalogue's serialized answers, dropped on every change (any instance). */
    catalogue: ResponseCache<CachedBody>;
    /** GET /api/catalogue's answers: dropped on every change too, but each held its second. */
    catalogueSearches: ResponseCache<CachedBody>;
    /**
     * An admin changed the catalogue through this instance: its next answers show the change at
     * once (other instances drop theirs on the trigger's NOTIFY, which comes a moment after the
     * commit), held searches included.
     */
    catalogueEdited: () => void;
  }
}

export interface BuildOptions {
  /** The open database; whoever opened it closes it, after the app. */
  database: Database;
  /** The process's logger (main.ts); otherwise one is made for the config. */
  logger?: FastifyBaseLogger;
}

const BODY_LIMIT = 64 * 1024;
/** The nearest `hops` addresses (the socket's peer first) are proxies; the next one is the client. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole store as a Fastify instance, ready to `listen` or to be driven with `inject`. */
export async function buildApp(given: Config, options: BuildOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? (await createLogger(given)).logger;
  // Without AUTH_SECRET (outside production) the store signs with a secret of its own, never with
  // one written in its source, which would let anyone forge an email confirmation (decision 027).
  const config = given.authSecret
    ? given
    : { ...given, authSecret: await ownSecret(options.database.db, logger) };
  const writeAccessLine = accessLine(logger);
  const catalogue = new ResponseCache<CachedBody>({ maxEntries: CATALOGUE_ANSWERS });
  // Searches repeat (the same few words, the same category pages), and a search costs milliseconds
  // of database time for a common word in 100,000 tools (its matches counted to a cap). Its answer is
  // kept until the catalogue changes, and at least a second (as the visitors' pages are), for as
  // many distinct searches as visitors are likely to share.
  const catalogueSearches = new ResponseCache<CachedBody>({ holdMs: 1_000, maxEntries: 1_000 });
  let requests = 0;
  const nextId = () => `req-${(requests = (requests + 1) & 0x7fffffff).toString(36)}`;
  const app = Fastify({
    loggerInstance: logger,
    // One access line per request instead of Fastify's two, and no child logger per request,
    // which cost a tenth of the catalogue's throughput (decision 013).
    logController: new AccessLog(writeAccessLine),
    childLoggerFactory: (child) => child,
    genReqId: nextId,
    // The catalogue's most frequent answers, served from its cache before Fastify (decision 018).
    serverFactory: serverWith(
      hotAnswer({ catalogue, apiHeaders: apiHeaders(config), accessLine: writeAccessLine, nextId }),
    ),
    // req.ip behind a load balancer. A hop count as a function: Fastify's number form trusts none.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Emails in a path may be 254 characters; longer ids fail their own schema with a 400.
    routerOptions: { maxParamLength: 300 },
    frameworkErrors: routerErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { database } = options;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  await database.onChange('catalogue', () => {
    catalogue.clear();
    catalogueSearches.clear();
  });
  app.decorate('catalogue', catalogue);
  app.decorate('catalogueSearches', catalogueSearches);
  app.decorate('catalogueEdited', () => {
    catalogue.clear();
    catalogueSearches.clear({ unheld: true });
  });

  await app.register(errors);
  // At the root: better-auth's calls (/api/auth, outside the /api scope) read JSON as the API does.
  await app.register(jsonBody);
  await app.register(security, { config });
  await app.register(docs);
  await app.register(mailOutbox, { config });
  await app.register(auth, {
    config,
    outbox: app.outbox,
    onEmailVerified: (verified) => promoteIfListed(database.db, config.adminEmails, verified.email),
  });
  await app.register(accountsAtStart);

  const gateways = await selectGateway(config, database.db);
  await app.register(
    async (api) => {
      await api.register(nulGuard);
      await api.register(healthRoutes);
      await api.register(toolsRoutes);
      await api.register(reviewsRoutes);
      await api.register(accountsRoutes);
      await api.register(ordersRoutes, gateways);
      await api.register(toolsAdminRoutes);
      await api.register(ordersAdminRoutes, gateways);
      await api.register(accountsAdminRoutes);
      await api.register(reviewsAdminRoutes);
      await api.register(newsletterRoutes);
      await api.register(newsletterAdminRoutes);
      await api.register(auditAdminRoutes);
      await api.register(paymentsRoutes, gateways);
    },
    { prefix: '/api' },
  );

  await app.register(formPosts, { config });
  await app.register(sitemap, { config });
  await app.register(web, { config });
  await app.register(orderExpiry, gateways);
  await app.register(paymentReconciliation, gateways);
  await app.register(newsletterPurge);
  return app;
}

/** The store's own signing secret; the start that makes it says so, once. */
async function ownSecret(db: Db, logger: FastifyBaseLogger): Promise<string> {
  const { value, made } = await storeSecret(db, 'auth');
  if (made) {
    logger.info(
      'AUTH_SECRET is not set: this store made a signing secret of its own and keeps it in its database. Sessions and mailed links signed before with any other secret have ended (decision 027).',
    );
  }
  return value;
}
