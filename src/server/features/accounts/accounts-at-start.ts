import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapAdmins, createDemoAccounts } from './accounts.service.ts';

/**
 * What a start does to accounts: ADMIN_EMAILS' accounts become admins, and a store with none gets
 * its demo admin and customer (never in production).
 */
export default fp(async function accountsAtStart(app: FastifyInstance) {
  await bootstrapAdmins(app.db, app.config.adminEmails);
  if (app.config.env !== 'production') await createDemoAccounts(app.db, app.auth, app.log);
});
