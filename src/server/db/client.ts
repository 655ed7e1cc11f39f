import { mkdirSync, readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as authSchema from './auth-schema.ts';
import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as appSchema from './schema.ts';
import { seedIfEmpty } from './seed.ts';
import { fsReason, postgresStartError, StartError } from './start-error.ts';

export const schema = { ...authSchema, ...appSchema };
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of either driver, as `db.transaction(async (tx) => …)` hands it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Calls back whenever the tables behind a cache change, through whichever instance: a trigger
   * NOTIFYs the channel (migrations 0003, 0005) with what changed (the catalogue's: the table's
   * name). Also calls back after a lost connection, when changes may have been missed, with ''.
   */
  onChange(channel: Channel, callback: (payload: string) => void): Promise<void>;
  /** Whether changes are heard right now; false while a lost listening connection is restored. */
  listening(): boolean;
  /** The migrations this start applied, by name, oldest first: none when the database was up to date. */
  migrated: string[];
  close(): Promise<void>;
}

const dialect = new PgDialect();

/**
 * Runs a statement written in SQL on the database's own client (not inside a transaction), its
 * rows as the driver reads them (no drizzle mapping). With a `name`, on PostgreSQL each connection
 * parses it once and, from its sixth run, keeps one generic plan for it for as long as it lives:
 * only for a statement whose best plan does not change as its tables grow from empty (the admin's
 * pages, decision 017). `name` null sends it unnamed, planned for its values and the tables as
 * they are each time: a search, whose best plan depends on its words, and the purchase, whose
 * generic plan made on a new store's empty tables read every open order (decision 007, 26 Nov
 * 2026). PGlite runs it as it is.
 */
export async function runPrepared<Row>(db: Db, name: string | null, query: SQL): Promise<Row[]> {
  if (db instanceof PgTransaction) throw new Error(`runPrepared(${name}) cannot join a transaction`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: pg.Pool | PGliteThread }).$client;
  const result =
    client instanceof PGliteThread
      ? await client.query(text, params)
      : await client.query({ ...(name === null ? {} : { name }), text, values: params });
  return result.rows as Row[];
}

/** The error and its causes, outermost first (drizzle wraps the driver's error in `cause`). */
export function* errorChain(err: unknown): Generator<Error> {
  for (let e: unknown = err; e instanceof Error; e = e.cause) yield e;
}

/** Whether a failed statement was refused by this constraint (a unique index, a check). */
export const violates = (err: unknown, constraint: string): boolean =>
  [...errorChain(err)].some((e) => (e as { constraint?: unknown }).constraint === constraint);

/** What the triggers NOTIFY: the public catalogue (tools, reviews), and who is signed in as whom. */
export const CHANNELS = { catalogue: 'torque_catalogue', sessions: 'torque_sessions' } as const;
export type Channel = keyof typeof CHANNELS;

// Found from the project's package.json, so that the source and the bundle (dist/server) agree.
const migrationsFolder = join(dirname(findPackageJSON(import.meta.url)!), 'drizzle');

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK = 7_424_211;

/**
 * `orderHoldHours`: ORDER_HOLD_HOURS, for the migrations that need it (0030 gives the orders placed
 * before it their hold end); they take the default, 2, without it.
 */
export type DatabaseOptions = { seed?: boolean; orderHoldHours?: number } & (
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** A PGlite database in memory, optionally started from a dumped data directory (tests). */
  | { kind: 'memory'; loadDataDir?: Blob | File }
);

/** The store's database as configured: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR. */
export const databaseOptions = (
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'demoCatalogue' | 'orderHoldHours'>,
): DatabaseOptions => ({
  seed: config.demoCatalogue,
  orderHoldHours: config.orderHoldHours,
  ...(config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir }),
});

/** Opens the database, applies the committed migrations and, unless told not to, fills an empty one with the demo catalogue. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? await openPostgres(options.url) : await openPglite(options);
  try {
    database.migrated = await prepare(database, options.seed ?? true, options.orderHoldHours);
  } catch (err) {
    await database.close();
    throw (options.kind === 'postgres' && postgresStartError(err, options.url)) || err;
  }
  return database;
}

async function openPglite(options: DatabaseOptions): Promise<Database & { client: PGliteThread }> {
  let release = () => {};
  let client: PGliteThread;
  if (options.kind === 'pglite') {
    const dir = options.dataDir;
    try {
      mkdirSync(dir, { recursive: true });
      release = lockDataDir(join(dir, 'torque.lock'), dir);
    } catch (err) {
      if (err instanceof StartError) throw err;
      throw new StartError(
        `Cannot write the database in ${dir} (DATA_DIR): ${fsReason(err)}. Set DATA_DIR to a writable folder.`,
        { cause: err },
      );
    }
    try {
      client = await PGliteThread.open({ dataDir: join(dir, 'pg') });
    } catch (err) {
      release();
      // PGlite says only "failed to initialize properly" (or throws an Emscripten ErrnoError).
      throw new StartError(
        `Cannot open the embedded database in ${join(dir, 'pg')} (DATA_DIR): its files are damaged or ` +
          'not a database. Restore that folder from a backup, or set DATA_DIR to a new folder.',
        { cause: err },
      );
    }
  } else {
    const dump = options.kind === 'memory' && options.loadDataDir;
    client = await PGliteThread.open(dump ? { loadDataDir: await dump.arrayBuffer() } : {});
  }
  return {
    client,
    // drizzle's PGlite driver calls only query and transaction, which the thread offers.
    db: drizzlePglite({ client: client as never, schema }) as unknown as Db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async onChange(channel, callback) {
      // PGlite's thread posts a notification before the answer of the query that wrote, and
      // messages keep their order: no stale window.
      await client.listen(CHANNELS[channel], callback);
    },
    listening: () => true,
    migrated: [],
    async close() {
      await client.close();
      release();
    },
  };
}

async function openPostgres(url: string): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const listeners: { channel: string; callback: (payload: string) => void }[] = [];
  let listener: pg.Client | undefined;
  let started: Promise<void> | undefined;
  let closed = false;
  const notifyAll = () => listeners.forEach(({ callback }) => callback(''));
  // One connection per instance LISTENs to every channel; when it drops, it reconnects and reports
  // a change on all of them, since notifications sent meanwhile are lost.
  async function listen(delayMs = 0): Promise<void> {
    if (closed) return;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs).unref());
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', ({ channel, payload }) =>
      listeners.forEach((l) => l.channel === channel && l.callback(payload ?? '')),
    );
    client.on('error', () => {});
    client.on('end', () => {
      if (closed || listener !== client) return;
      listener = undefined;
      notifyAll();
      void listen(1_000);
    });
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`listen ${channel}`);
      listener = client;
      if (delayMs) notifyAll();
    } catch {
      await client.end().catch(() => {});
      void listen(Math.min(Math.max(delayMs * 2, 1_000), 30_000));
    }
  }
  return {
    pool,
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async onChange(channel, callback) {
      listeners.push({ channel: CHANNELS[channel], callback });
      started ??= listen();
      await started;
    },
    listening: () => listener !== undefined,
    migrated: [],
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Applies the migrations the database lacks, and returns their names. */
async function prepare(
  database: Database & { client?: PGliteThread; pool?: pg.Pool },
  seed: boolean,
  orderHoldHours: number | undefined,
): Promise<string[]> {
  // Read by the migrations as current_setting('torque.order_hold_hours', true).
  const setHold = "select set_config('torque.order_hold_hours', $1, false)";
  const hold = [orderHoldHours === undefined ? '' : String(orderHoldHours)];
  if (database.pool) {
    // Several instances may start at once on one PostgreSQL: one migrates and seeds, the others wait.
    const conn = await database.pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const db = drizzlePg({ client: conn, schema });
      const before = await lastMigration((text) => conn.query(text));
      await conn.query(setHold, hold);
      await migratePg(db, { migrationsFolder });
      if (seed) await seedIfEmpty(db as unknown as Db);
      return migrationsAfter(before);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      conn.release();
    }
  }
  const client = database.client!;
  const before = await lastMigration((text) => client.query(text));
  await client.query(setHold, hold);
  await migratePglite(database.db as never, { migrationsFolder });
  if (seed) await seedIfEmpty(database.db);
  return migrationsAfter(before);
}

/** When the newest migration the database has was written (drizzle's record of it), or 0 for none. */
async function lastMigration(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const table = 'drizzle.__drizzle_migrations';
  const { rows } = await query(`select to_regclass('${table}') is not null as made`);
  if (!(rows[0] as { made: boolean }).made) return 0;
  const last = await query(`select max(created_at) as last from ${table}`);
  return Number((last.rows[0] as { last: string | number | null }).last ?? 0);
}

/** The committed migrations written after `when`: drizzle applies exactly those. */
function migrationsAfter(when: number): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.filter((entry) => entry.when > when).map((entry) => entry.tag);
}

/** Dumps an in-memory or on-disk PGlite database, so that tests can start copies of it. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database as Database & { client?: PGliteThread }).client;
  if (!client) throw new Error('dumpPglite needs a PGlite database');
  return client.dumpDataDir();
}
