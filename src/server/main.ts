import { ConfigError, loadConfig } from './config.ts';
import { type Database, databaseOptions, startDatabase } from './db/client.ts';
import { StartError } from './db/start-error.ts';
import { createLogger } from './logger.ts';

// Open the database, listen, and shut down gracefully; everything else is in buildApp.

/** A setting that cannot work (an unwritable DATA_DIR, a refused DATABASE_URL): one line, no trace. */
function exitIfStartError(err: unknown): never {
  if (!(err instanceof ConfigError || err instanceof StartError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let config;
let database: Database;
try {
  config = loadConfig();
  // The database opens (PGlite in a thread of its own) while the rest of the server loads and is
  // built: a start takes the longer of the two rather than their sum.
  database = startDatabase(databaseOptions(config));
} catch (err) {
  exitIfStartError(err);
}
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

let app;
try {
  // buildApp queries nothing (what a start does to the data waits for onReady), so it runs while
  // the database opens; a database that cannot open is what gets reported, whatever else failed.
  const building = buildApp(config, { logger, database });
  building.catch(() => {});
  await database.ready;
  app = await building;
} catch (err) {
  exitIfStartError(err);
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

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to a free one.` : err);
  await app.close();
  await database.close();
  process.exit(1);
}
app.log.info(`Torque is open at ${config.publicUrl}`);
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
