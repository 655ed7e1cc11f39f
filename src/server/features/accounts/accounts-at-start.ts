import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapAdmins, createDemoAccounts } from './accounts.service.ts';

/**
 * What a start does to accounts: ADMIN_EMAILS' accounts become admins, and a store with none gets
 * its demo admin and customer (never in production).
 */
export default fp(async function accountsAtStart(app: FastifyInstance) {
  await bootstrapAdmins(app.db, app.config.adminEmails);
  const created = app.config.env !== 'production' ? await createDemoAccounts(app.db, app.auth, app.log) : [];
  app.decorate('demoAccounts', created);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo accounts this start created, with their passwords: main.ts shows them once. */
    demoAccounts: { email: string; password: string; admin: boolean }[];
  }
}
