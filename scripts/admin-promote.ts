// `npm run admin:promote -- <email> [--unconfirmed]`: makes an existing account an admin, on the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the store first, it holds
// the lock). The audit log records it, by "cli".
// An account whose address was never confirmed is refused, as Make Admin refuses it: anyone can sign
// up as ceo@yourcompany.com without owning the address. --unconfirmed promotes it anyway (the
// owner's own account before mail is set up), with a warning.
import { loadConfig } from '#server/config.ts';
import { databaseOptions, openDatabase } from '#server/db/client.ts';
import { Conflict, NotFound } from '#server/domain-errors.ts';
import { CLI, promote } from '#server/features/accounts/accounts.service.ts';

const args = process.argv.slice(2);
const unconfirmed = args.includes('--unconfirmed');
const [email, ...extra] = args.filter((a) => a !== '--unconfirmed');
if (!email || extra.length || !email.includes('@')) {
  console.error('Usage: npm run admin:promote -- <email> [--unconfirmed]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(databaseOptions(config)).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const isUnconfirmed = (err: unknown) => err instanceof Conflict && err.code === 'email_unconfirmed';
try {
  const promoted = await promote(database.db, CLI, email, { confirmedOnly: true }).catch(async (err) => {
    if (!(unconfirmed && isUnconfirmed(err))) throw err;
    console.error(
      `Warning: ${email} has not confirmed this email address; anyone can sign up with an address they don't own. Promoted anyway.`,
    );
    return promote(database.db, CLI, email);
  });
  console.log(promoted ? `${email} is now an admin.` : `${email} is already an admin.`);
} catch (err) {
  if (err instanceof NotFound) {
    console.error(`No account has the email ${email}: sign up first, then promote.`);
  } else if (isUnconfirmed(err)) {
    console.error(
      `${email} has not confirmed this email address, so it may not be its owner's: nothing changed. ` +
        `Have them follow the link mailed at sign-up, or, if the account is surely yours (mail not set up yet), ` +
        `run npm run admin:promote -- ${email} --unconfirmed`,
    );
  } else {
    throw err;
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
