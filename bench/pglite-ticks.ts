import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { openDatabase } from '../src/server/db/client.ts';

/**
 * Issue 18's lead, reproduced without the store: once PGlite opens in the process's main thread
 * beside a Fastify instance, every process.nextTick of that thread costs several times what it
 * did, and a request makes several. The same database opened in a worker thread leaves the main
 * thread's ticks as they were.
 *   node bench/pglite-ticks.ts main|worker
 * 25 Nov 2026, this machine, four runs: opened in the main thread, 0.17-0.20 us a tick before and
 * 0.62-1.03 us after; opened in a worker thread, 0.11-0.17 us before and 0.14-0.17 us after.
 */
const openPglite = () =>
  openDatabase({ kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'torque-ticks-')) });

/** Microseconds a process.nextTick takes on this thread, over 200,000 in a row. */
function tickCost(): Promise<number> {
  const count = 200_000;
  return new Promise((resolve) => {
    const started = performance.now();
    let n = 0;
    const next = () =>
      ++n < count ? process.nextTick(next) : resolve(((performance.now() - started) * 1000) / count);
    next();
  });
}

async function report(label: string) {
  await tickCost(); // the first run warms the loop up
  console.log(`${label.padEnd(28)} ${(await tickCost()).toFixed(2)} us a tick`);
}

if (isMainThread) {
  const where = process.argv[2] === 'worker' ? 'worker' : 'main';
  const app = Fastify();
  app.get('/', () => 'ok');
  await app.ready();
  await report('Fastify ready');
  if (where === 'main') await openPglite();
  else {
    const worker = new Worker(new URL(import.meta.url));
    await new Promise((resolve) => worker.once('message', resolve));
    worker.unref();
  }
  await report(`PGlite open (${where} thread)`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await report('2 s later');
  process.exit(0);
} else {
  const database = await openPglite();
  parentPort!.postMessage('open');
  // Stays open, answering a query a second, as the store's database does, until the main thread ends.
  setInterval(() => void database.ping(), 1_000);
}
