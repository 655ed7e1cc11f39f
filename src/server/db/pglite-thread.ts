import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database, run in a worker thread of its own (decision 019): opened in the store's
 * main thread, PGlite made every process.nextTick of that thread several times slower.
 * A PGliteThread offers what drizzle's PGlite driver and the store call: query, transaction,
 * listen, dumpDataDir and close; each request is a message to pglite-worker.ts.
 */

/** How the worker opens the database: a folder on disk, or in memory from a dump (tests). */
export interface WorkerOptions {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

type RowMode = QueryOptions['rowMode'];

/** What the main thread asks of the worker; each request carries an id its reply repeats. */
type Call =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: RowMode;
      keepText: number[];
      inTransaction: boolean;
    }
  | { op: 'begin' }
  | { op: 'end'; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };
export type Request = Call & { id: number };

export type Reply =
  | { ok: true; id: number; result: unknown }
  | { ok: false; id: number; error: { message: string; [field: string]: unknown } }
  | { notify: string; payload: string };

/** A failed statement as the worker reported it, with Postgres' fields (code, constraint…). */
class PGliteError extends Error {
  constructor({ message, ...fields }: { message: string; [field: string]: unknown }) {
    super(message);
    Object.assign(this, fields);
  }
}

/** Where the worker's code is: beside this module, as TypeScript in the sources, bundled in dist. */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

// The only parsers drizzle passes keep a type's text as it came (timestamps, dates, intervals); the
// worker applies the same to the types named, since functions cannot cross threads.
const keptTypes = (options?: QueryOptions) => Object.keys(options?.parsers ?? {}).map(Number);

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, PromiseWithResolvers<unknown>>();
  readonly #listeners = new Map<string, ((payload: string) => void)[]>();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      if ('notify' in reply) {
        for (const callback of this.#listeners.get(reply.notify) ?? []) callback(reply.payload);
        return;
      }
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending?.resolve(reply.result);
      else pending?.reject(new PGliteError(reply.error));
    });
    worker.on('error', (err) => this.#stop(err.message));
    worker.on('exit', (code) => this.#stop(`its thread exited (${code})`));
  }

  /**
   * A worker that dies or is closed takes the database with it: every waiting and later call
   * fails, as Postgres answers when its server is gone (57P01, which the store answers with 503).
   */
  #stop(reason: string) {
    this.#stopped ??= new PGliteError({ message: `The embedded database stopped: ${reason}`, code: '57P01' });
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  /** Starts the worker and waits for the database to open; throws what PGlite threw if it cannot. */
  static async open(options: WorkerOptions): Promise<PGliteThread> {
    const worker = new Worker(workerFile, {
      workerData: options,
      transferList: options.loadDataDir ? [options.loadDataDir] : [],
    });
    const opened = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database's thread exited (${code})`)));
    });
    if ('ok' in opened && !opened.ok) {
      await worker.terminate();
      throw new PGliteError(opened.error);
    }
    worker.unref();
    return new PGliteThread(worker);
  }

  #send<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const reply = Promise.withResolvers<unknown>();
    this.#pending.set(id, reply);
    // Like a socket with a query on it, the worker keeps the process alive only while it owes an answer.
    if (this.#pending.size === 1) this.#worker.ref();
    this.#worker.postMessage({ ...call, id } satisfies Request);
    return reply.promise as Promise<T>;
  }

  #query<T>(inTransaction: boolean, text: string, params: unknown[] = [], options?: QueryOptions) {
    return this.#send<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      keepText: keptTypes(options),
      inTransaction,
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(false, text, params, options);
  }

  /** Runs the callback in a transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(callback: (tx: Pick<PGliteThread, 'query'>) => Promise<T>): Promise<T> {
    await this.#send({ op: 'begin' });
    let result: T;
    try {
      result = await callback({ query: (text, params, options) => this.#query(true, text, params, options) });
    } catch (err) {
      // What failed is the callback's error; a rollback that fails too must not hide it.
      await this.#send({ op: 'end', commit: false }).catch(() => {});
      throw err;
    }
    await this.#send({ op: 'end', commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<void> {
    const known = this.#listeners.get(channel);
    if (known) known.push(callback);
    else {
      this.#listeners.set(channel, [callback]);
      await this.#send({ op: 'listen', channel });
    }
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#send<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#send({ op: 'close' });
    this.#stop('it was closed');
    await this.#worker.terminate();
  }
}
