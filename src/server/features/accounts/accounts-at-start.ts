import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapAdmins, createDemoAccounts, endDemoSessions } from './accounts.service.ts';

/**
 * What a start does to accounts, once the database is ready (onReady: building the app queries
 * nothing, so that it runs while the database opens): ADMIN_EMAILS' verified accounts become
 * admins, and a store with none gets its demo admin and customer (never in production, where
 * their sessions end).
 */
export default fp(async function accountsAtStart(app: FastifyInstance) {
  app.decorate('demoAccounts', []);
  app.addHook('onReady', async () => {
    await bootstrapAdmins(app.db, app.config.adminEmails);
    if (app.config.env === 'production') await endDemoSessions(app.db);
    if (app.config.env !== 'production') {
      app.demoAccounts.push(...(await createDemoAccounts(app.db, app.auth, app.log)));
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo accounts this start created, with their passwords: main.ts shows them once. */
    demoAccounts: { email: string; password: string; admin: boolean }[];
  }
}
