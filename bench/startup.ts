import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort, startArgs } from '#tests/fixtures/npm-start.ts';
import { storeEnv, untilReady } from './lib.ts';

/**
 * From starting the server as `npm start` does (its build, flags and default log level) to the
 * first 200 of /api/ready, on an existing database. Unlike the bench's other stores it is neither
 * pinned to a CPU nor logging through a collector: a start is measured as a user's shell makes it.
 */
async function startOnce(dataDir: string): Promise<number> {
  // A port free now (a random one could be taken: the store then exits at once).
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, startArgs, {
    env: storeEnv(port, { DATA_DIR: dataDir }),
    // Its log is not read; why it failed to start, if it does, is shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Listened for from the start: a store that exits before it answers has no exit left to await.
  const exited = once(child, 'exit');
  try {
    return await untilReady(child, `http://127.0.0.1:${port}`, started, 30_000);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The median of three starts, and their spread over it (the noise). */
export async function benchStartup(dataDir: string): Promise<{ ms: number; runs: number[]; noise: number }> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(await startOnce(dataDir));
  const ms = [...runs].sort((a, b) => a - b)[1]!;
  return { ms, runs, noise: Number(((Math.max(...runs) - Math.min(...runs)) / ms).toFixed(3)) };
}
