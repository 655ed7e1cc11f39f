import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapAdmins, createDemoAccounts, endDemoSessions } from './accounts.service.ts';

/**
 * What a start does to accounts: ADMIN_EMAILS' verified accounts become admins, and a store with
 * none gets its demo admin and customer (never in production, where their sessions end).
 */
export default fp(async function accountsAtStart(app: FastifyInstance) {
  await bootstrapAdmins(app.db, app.config.adminEmails);
  if (app.config.env === 'production') await endDemoSessions(app.db);
  const created = app.config.env !== 'production' ? await createDemoAccounts(app.db, app.auth, app.log) : [];
  app.decorate('demoAccounts', created);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo accounts this start created, with their passwords: main.ts shows them once. */
    demoAccounts: { email: string; password: string; admin: boolean }[];
  }
}
