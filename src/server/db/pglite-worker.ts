// The embedded database's own thread (decision 019): PGlite opens here, never in the store's main
// thread, and answers the requests of PGliteThread (pglite-thread.ts) one message at a time.
// Run by Node as it is (type annotations only), from the sources and from the bundle alike.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Reply, Request, WorkerOptions } from './pglite-thread.ts';

// Postgres' defaults are sized for a server of its own (128 MB of shared buffers, 64 MB for
// maintenance); embedded in the store's process, a catalogue this size needs far less. This keeps
// the process under DESIGN §6's 450 MB: bare PGlite opened at 479 MB RSS, now at 300 MB.
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'maintenance_work_mem=16MB'],
];

const port = parentPort!;
const options = workerData as WorkerOptions;
const keepText = (value: string) => value;

/**
 * The types drizzle's PGlite driver asks to keep as text (timestamp, timestamptz, interval, date,
 * and the arrays of numeric, timestamp, timestamptz, interval and date), each array with the type
 * of its elements. Every query that brings its own parsers makes PGlite copy its table of 318
 * (93 µs, more than the query); so the table keeps these as text once, and the store's own SQL,
 * which asks for no parsers, has them parsed after as PGlite would have.
 */
const TEXT_TYPES = new Map<number, number | undefined>([
  [types.TIMESTAMP, undefined],
  [types.TIMESTAMPTZ, undefined],
  [types.INTERVAL, undefined],
  [types.DATE, undefined],
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
]);

/** An error as a message can carry it: its message, and the fields Postgres gives (code, constraint…). */
function plain(err: unknown): Reply & { ok: false } {
  if (!(err instanceof Error)) return { ok: false, id: 0, error: { message: String(err) } };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // queryOptions holds functions; the rest (code, constraint, query, params…) are plain values.
    if (key !== 'queryOptions') fields[key] = value;
  }
  return { ok: false, id: 0, error: { ...fields, name: err.name, message: err.message } };
}

/**
 * The empty database the build made beside the bundle (scripts/build.ts, decision 022). A new data
 * folder is unpacked from it: PGlite's own initdb peaks at 670 MB. Run from the sources, there is
 * none, and PGlite runs initdb.
 */
const EMPTY_CLUSTER = new URL('./pglite-cluster.tar.gz', import.meta.url);

/** The dump to start from: the caller's, or the empty database for a data folder that has none yet. */
function startingDump(): Blob | undefined {
  if (options.loadDataDir) return new Blob([options.loadDataDir]);
  const isNew = options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION'));
  return isNew && existsSync(EMPTY_CLUSTER) ? new Blob([readFileSync(EMPTY_CLUSTER)]) : undefined;
}
const dump = startingDump();

// A database that cannot open says why in the first reply, and the main thread ends this thread.
const opened = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(dump ? { loadDataDir: dump } : {}),
  startParams: START_PARAMS,
  extensions: { fuzzystrmatch, pg_trgm },
}).catch((err: unknown) => void port.postMessage(plain(err)));

/** PGlite's own parsers of the types kept as text, for the queries that want them parsed. */
const parse = new Map<number, (text: string) => unknown>();
if (opened) {
  for (const [type, element] of TEXT_TYPES) {
    const own = opened.parsers[element ?? type] ?? keepText;
    parse.set(type, element ? (text) => types.arrayParser(text, own, type) : (text) => own(text, type));
  }
  for (const type of TEXT_TYPES.keys()) opened.parsers[type] = keepText;
}

/** Parses the values of the kept types the caller did not ask to keep as text. */
function parseKept(result: Results, keep: number[], rowMode: QueryOptions['rowMode']): Results {
  const columns = result.fields.flatMap((field, index) => {
    const parser = keep.includes(field.dataTypeID) ? undefined : parse.get(field.dataTypeID);
    return parser ? [{ key: rowMode === 'array' ? index : field.name, parser }] : [];
  });
  if (!columns.length) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parser } of columns) if (typeof row[key] === 'string') row[key] = parser(row[key]);
  }
  return result;
}

// The open transaction, if any: PGlite runs one at a time, and queues every other query behind it.
let open: { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> } | undefined;

async function answer(db: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { text, params, rowMode, keepText: keep } = request;
      // Any other type to keep as text (drizzle asks for none) goes the slow way, as parsers.
      const others = keep.filter((type) => !TEXT_TYPES.has(type));
      const queryOptions: QueryOptions = {
        ...(rowMode ? { rowMode } : {}),
        ...(others.length ? { parsers: Object.fromEntries(others.map((type) => [type, keepText])) } : {}),
      };
      const on = request.inTransaction ? open!.tx : db;
      return parseKept(await on.query(text, params, queryOptions), keep, rowMode);
    }
    case 'begin': {
      // PGlite's own transaction, held open until 'end' says whether to commit; its queries run on
      // `open.tx`, and every other query waits behind it, as in one process.
      const started = Promise.withResolvers<Transaction>();
      const commit = Promise.withResolvers<boolean>();
      const done = db.transaction(async (tx) => {
        started.resolve(tx);
        if (!(await commit.promise)) await tx.rollback();
      });
      done.catch(started.reject); // BEGIN itself failed
      open = { tx: await started.promise, end: commit.resolve, done };
      return undefined;
    }
    case 'end': {
      const { end, done } = open!;
      open = undefined;
      end(request.commit);
      return done;
    }
    case 'listen':
      await db.listen(request.channel, (payload) =>
        port.postMessage({ notify: request.channel, payload } satisfies Reply),
      );
      return undefined;
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      await db.close();
      return undefined;
  }
}

if (opened) {
  port.on('message', (request: Request) => {
    answer(opened, request).then(
      (result) =>
        port.postMessage(
          { ok: true, id: request.id, result } satisfies Reply,
          result instanceof ArrayBuffer ? [result] : [],
        ),
      (err: unknown) => port.postMessage({ ...plain(err), id: request.id } satisfies Reply),
    );
  });
  port.postMessage({ ok: true, id: 0, result: 'open' } satisfies Reply);
}
