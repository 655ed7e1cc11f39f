import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Target {
  url: string;
  child: ChildProcess;
  /** Resident memory of the target process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts bench/target.ts in its own process, so the load generator does not share its thread. */
export async function startTarget(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Target> {
  const child = spawn(process.execPath, ['bench/target.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return {
    url: `http://127.0.0.1:${line}`,
    child,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon(options);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
