import { enableCompileCache, flushCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// Open the database, listen, and shut down gracefully; everything else is in buildApp.

// Node keeps the code it compiles for the server's modules in the project's node_modules/.cache,
// so that a start after the first skips compiling them (decision 020). It is turned on before they
// load, so they are imported here, each as late as it can be: the database opens while the rest of
// the server loads. Where that folder cannot be written, the server starts without it.
enableCompileCache(fileURLToPath(new URL('../../node_modules/.cache/torque', import.meta.url)));
const { ConfigError, loadConfig } = await import('./config.ts');

let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

// The database opens (PGlite in a thread of its own) while the rest of the server loads: a start
// takes the longer of the two rather than their sum. Its failure is reported below, not here.
const { databaseOptions, openDatabase } = await import('./db/client.ts');
const opening = openDatabase(databaseOptions(config));
opening.catch(() => {});
const { StartError } = await import('./db/start-error.ts');
const { createLogger } = await import('./logger.ts');
const { buildApp } = await import('./app.ts');

// The log is written asynchronously: whatever ends the process writes what is still buffered first.
const { logger, flush } = await createLogger(config);
process.on('exit', flush);
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err) => {
    logger.fatal({ err }, event);
    process.exit(1);
  });
}

let database;
let app;
try {
  // Built only once the database is open: built while PGlite opens in its thread, the store then
  // spent a fifth more CPU on every request for as long as it ran (decision 019, 26 Nov 2026).
  database = await opening;
  app = await buildApp(config, { logger, database });
} catch (err) {
  // A setting that cannot work (an unwritable DATA_DIR, a refused DATABASE_URL): one line, no trace.
  if (!(err instanceof StartError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Close stops accepting connections, lets requests in flight finish, then closes the database.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  });
}

/** Why the store cannot listen, in one line naming the setting that fixes it. */
const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: `Port ${config.port} is in use: set PORT to a free one.`,
  EACCES: `Port ${config.port} needs privileges: set PORT to 1024 or above.`,
  EADDRNOTAVAIL: `Cannot listen on ${config.host}: no address of this machine: set HOST to one (or 0.0.0.0).`,
  ENOTFOUND: `Cannot listen on ${config.host}: unknown host: set HOST to an address of this machine (or 0.0.0.0).`,
  EAI_AGAIN: `Cannot listen on ${config.host}: unknown host: set HOST to an address of this machine (or 0.0.0.0).`,
};
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  console.error(LISTEN_ERRORS[(err as NodeJS.ErrnoException).code ?? ''] ?? err);
  await app.close();
  await database.close();
  process.exit(1);
}
// Its first connection is its own (decision 023): the HTTP code V8 makes then stays fast.
const { askOwnAddress } = await import('./http/first-connection.ts');
await askOwnAddress(app.server);
const migrated = database.migrated;
if (migrated.length) {
  // An operator reads here what an upgrade changed, or that a new database was made.
  app.log.info(
    migrated[0]!.startsWith('0000_')
      ? `made a new database (migrations ${migrated[0]} to ${migrated.at(-1)})`
      : `applied migrations ${migrated.join(', ')}`,
  );
}
app.log.info(`Torque is open at ${config.publicUrl}`);
if (config.env === 'production' && !config.smtpUrl) {
  app.log.warn('SMTP_URL is not set: mail is written to DATA_DIR/mail, and no customer receives it');
}
// Every module a start needs has loaded: their code is kept now, not only at an orderly exit.
flushCompileCache();
if (app.demoAccounts.length) {
  // Shown on the terminal, once, rather than as a line among the request log.
  const rows = app.demoAccounts.map(
    (a) => `    ${(a.admin ? 'admin' : 'customer').padEnd(10)}${a.email.padEnd(24)}${a.password}`,
  );
  console.log(
    [
      '',
      `  Torque is open at ${config.publicUrl}`,
      '',
      '  Demo accounts (shown once; reset a password from the login page if you lose it):',
      ...rows,
      '',
    ].join('\n'),
  );
}
