// `npm run admin:promote -- <email>`: makes an existing account an admin, on the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR: stop the store first, it holds the lock).
// The audit log records it, by "cli".
import { loadConfig } from '#server/config.ts';
import { databaseOptions, openDatabase } from '#server/db/client.ts';
import { NotFound } from '#server/domain-errors.ts';
import { CLI, promote } from '#server/features/accounts/accounts.service.ts';

const email = process.argv[2];
if (!email || !email.includes('@')) {
  console.error('Usage: npm run admin:promote -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(databaseOptions(config)).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  const promoted = await promote(database.db, CLI, email);
  console.log(promoted ? `${email} is now an admin.` : `${email} is already an admin.`);
} catch (err) {
  if (!(err instanceof NotFound)) throw err;
  console.error(`No account has the email ${email}: sign up first, then promote.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
