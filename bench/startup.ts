import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { AUTH_SECRET, freePort, startArgs } from './lib.ts';

/** From starting the server as `npm start` does (its build, flags and default log level) to the first 200 of /api/ready, on an existing database. */
async function startOnce(dataDir: string): Promise<number> {
  // A port free now (a random one could be taken: the store then exits at once).
  const port = await freePort();
  const started = performance.now();
  const { LOG_LEVEL: _default, ...inherited } = process.env;
  const child = spawn(process.execPath, startArgs, {
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'production',
      AUTH_SECRET,
    },
    // Its log is not read; why it failed to start, if it does, is shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Listened for from the start: a store that exits before it answers has no exit left to await.
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - started);
      if (performance.now() - started > 30_000) throw new Error('the server did not answer within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
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
