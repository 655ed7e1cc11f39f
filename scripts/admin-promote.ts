// `npm run admin:promote -- <email>`: makes an existing account an admin, on the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR: stop the store first, it holds the lock).
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { promoteToAdmin } from '#server/features/users/users.service.ts';

const email = process.argv[2];
if (!email || !email.includes('@')) {
  console.error('Usage: npm run admin:promote -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  if (await promoteToAdmin(database.db, email)) {
    console.log(`${email} is now an admin.`);
  } else {
    console.error(`No account has the email ${email}: sign up first, then promote.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
