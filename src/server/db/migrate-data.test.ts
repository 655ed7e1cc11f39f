import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { testDatabaseKind } from '#tests/fixtures/test-app.ts';
import { confirmSubscription } from '#server/features/newsletter/newsletter.service.ts';
import { type Database, openDatabase } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';

// Migrations that move data (0029: the newsletter's link hashes; 0030: the orders' hold ends and
// their unsent mails' holdHours), run on a store's data as an upgrade runs them: migrated to 0028,
// filled, then started with ORDER_HOLD_HOURS 0.5.

/** The committed migrations up to `lastTag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'torque-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(`drizzle/${tag}.sql`, join(dir, `${tag}.sql`));
  return dir;
}

const folder = migrationsUpTo('0028_newsletter_double_opt_in');
const cleanups: (() => Promise<void>)[] = [async () => rmSync(folder, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Run = (query: string, params?: unknown[]) => Promise<unknown>;

/** A database migrated to 0028 and given `fill`, then opened (migrated on) as the store opens it. */
async function upgraded(fill: (run: Run) => Promise<void>): Promise<Database> {
  const options = { seed: false, orderHoldHours: 0.5 };
  if (testDatabaseKind === 'pglite') {
    const client = await PGliteThread.open({});
    await migratePglite(drizzlePglite({ client: client as never }), { migrationsFolder: folder });
    await fill((query, params) => client.query(query, params));
    const dump = await client.dumpDataDir();
    await client.close();
    return openDatabase({ kind: 'memory', loadDataDir: dump, ...options });
  }
  const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'torque_md');
  cleanups.push(scratch.drop);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  await fill((query, params) => client.query(query, params));
  await client.end();
  return openDatabase({ kind: 'postgres', url: scratch.url, ...options });
}

// A new database migrated to 0028, then opened and migrated on: on PGlite (WebAssembly, one thread)
// a full parallel run on two cores took it past the default 30 s, and up to 72 s beside other tests.
it('an upgrade from 0028 keeps unconfirmed sign-ups’ links and gives open orders and unsent order mails the hold as set', async () => {
  const token = 'a-link-mailed-before-the-upgrade';
  const [toolId, unpaid, paid, cancelled] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const placed = '2026-01-05T10:00:00.000Z';
  const database = await upgraded(async (run) => {
    await run(
      `insert into newsletter_signups (name, email, token_hash, token_expires_at)
       values ('Early', 'early@example.com', $1, now() + interval '3 days')`,
      [createHash('sha256').update(token).digest('hex')],
    );
    await run(
      `insert into "user" (id, name, email, updated_at) values ('u1', 'Ann', 'ann@example.com', now())`,
    );
    await run(
      `insert into tools (id, name, description, img, price_cents, minimum_order, available_quantity)
       values ($1, 'Drill', 'A drill', 'drill.png', 1000, 1, 10)`,
      [toolId],
    );
    const order = (id: string, columns = '', values = '') =>
      run(
        `insert into orders (id, tool_id, user_id, name, email, phone, address, product_name,
           product_price_cents, product_img, quantity, created_at${columns})
         values ($1, $2, 'u1', 'Ann', 'ann@example.com', '555', '1 Road', 'Drill', 1000, 'drill.png', 1, $3${values})`,
        [id, toolId, placed],
      );
    await order(unpaid);
    await order(paid, ', paid, transaction_id', ", true, 'tx_paid'");
    await order(cancelled, ', cancelled_at', ', now()');
    const facts = (id: string) =>
      JSON.stringify({
        orderId: id,
        name: 'Ann',
        productName: 'Drill',
        quantity: 1,
        unitCents: 1000,
        totalCents: 1000,
      });
    await run(`insert into mail_outbox (kind, "to", data) values ('order_placed', 'ann@example.com', $1)`, [
      facts(unpaid),
    ]);
    await run(`insert into mail_outbox (kind, "to", data) values ('order_expired', 'ann@example.com', $1)`, [
      JSON.stringify({ ...JSON.parse(facts(cancelled)), toolId }),
    ]);
  });
  cleanups.push(() => database.close());
  const { db } = database;
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  // The link mailed before the upgrade still confirms its sign-up.
  expect(await confirmSubscription(db, token)).toBe(true);
  expect(
    await rows(
      sql`select confirmed_at is not null as confirmed from newsletter_signups where email = 'early@example.com'`,
    ),
  ).toEqual([{ confirmed: true }]);

  // The open order's hold is the store's 0.5 hours from when it was placed; the paid one has none;
  // the cancelled one, whose 'expired' mail is unsent, gets one for its mail.
  const holds = await rows<{ id: string; hold: string | null }>(
    sql`select id, extract(epoch from pay_by - created_at)::int::text as hold from orders`,
  );
  expect(Object.fromEntries(holds.map((o) => [o.id, o.hold]))).toEqual({
    [unpaid]: '1800',
    [paid]: null,
    [cancelled]: '1800',
  });
  const mails = await rows<{ kind: string; hold: number }>(
    sql`select kind, (data->>'holdHours')::float8 as hold from mail_outbox order by kind`,
  );
  expect(mails).toEqual([
    { kind: 'order_expired', hold: 0.5 },
    { kind: 'order_placed', hold: 0.5 },
  ]);
}, 300_000);
