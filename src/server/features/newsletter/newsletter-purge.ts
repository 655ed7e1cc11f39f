import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeUnconfirmedSignups } from './newsletter.service.ts';

/** Links last 7 days: an hour late is soon enough to forget an abandoned sign-up. */
const PURGE_INTERVAL_MS = 3_600_000;

/**
 * The newsletter's purge (decision 032), at start and every hour: unconfirmed sign-ups whose links
 * have all expired are deleted. Its own timer, as the orders' expiry and the payments'
 * reconciliation are those features' own. Safe with several instances (a plain delete).
 */
export default fp(async function newsletterPurge(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = purgeUnconfirmedSignups(app.db)
      .then((n) => n && app.log.info({ purged: n }, 'purged unconfirmed newsletter sign-ups'))
      .catch((err: unknown) => app.log.warn({ err }, 'newsletter purge failed'));
  };
  // Not awaited: the first pass must not hold up the server's start.
  app.addHook('onReady', async () => {
    pass();
    timer = setInterval(pass, PURGE_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
