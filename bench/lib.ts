import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startArgs } from '#tests/fixtures/npm-start.ts';

/**
 * On a machine of two or more CPUs, a server under load runs on CPU 1 and the bench, which
 * generates the load, on CPU 0: neither takes the other's time, and the scheduler cannot move them
 * about between rounds. This takes the largest part of the noise out of the ratios.
 */
const cpus = availableParallelism();
const pinning = cpus >= 2 && existsSync('/usr/bin/taskset');
const SERVER_CPU = pinning ? ['taskset', '-c', '1'] : [];

/**
 * Runs `generate` with this process (the load generator) on CPU 0, and gives it every CPU after:
 * every CPU as counted before, since a pinned process counts only its own. What it starts after
 * (Chromium for Lighthouse) gets them too.
 */
export async function onLoadCpu<T>(generate: () => Promise<T>): Promise<T> {
  const pin = (list: string) =>
    pinning && execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  pin('0');
  try {
    return await generate();
  } finally {
    pin(`0-${cpus - 1}`);
  }
}

export interface Target {
  url: string;
  child: ChildProcess;
  /** Resident memory of the target process now, in MB. */
  rssMb(): number;
  /**
   * The most resident memory it has held since it started (the kernel's high-water mark), in MB:
   * what a memory limit must allow, its start included. A sample of rssMb() can miss a peak.
   */
  peakRssMb(): number;
  stop(): Promise<void>;
}

function target(child: ChildProcess, url: string): Target {
  const statusMb = (field: 'VmRSS' | 'VmHWM') => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  };
  return {
    url,
    child,
    rssMb: () => statusMb('VmRSS'),
    peakRssMb: () => statusMb('VmHWM'),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** A production secret, as a deployment would make one (openssl rand -base64 32). */
const AUTH_SECRET = randomBytes(32).toString('base64');

/** How every store in the bench is started: printed with the results. */
export const STORE_START = `node ${startArgs.join(' ')} (npm start's command), NODE_ENV=production, default LOG_LEVEL, its log through a pipe`;

/**
 * The environment the bench starts the store in, as a deployment of `npm start` sets it:
 * NODE_ENV=production with a secret, its public address, the sandbox gateway (named, as
 * production needs it: the bench's cards are charged nothing) and the demo catalogue (a staging
 * store's: the pages measured show its tools and reviews), the default LOG_LEVEL (whatever the
 * bench's own shell says), on `port`; `env` adds only what a deployment sets (the database, admins,
 * limits).
 */
export function storeEnv(port: number, env: Record<string, string | undefined> = {}) {
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    AUTH_SECRET,
    PUBLIC_URL: `http://localhost:${port}`,
    PAYMENT_GATEWAY: 'sandbox',
    DEMO_CATALOGUE: 'true',
    PORT: String(port),
    ...env,
  };
}

/**
 * Asks `url`/api/ready every 10 ms until it answers 200, and gives the milliseconds since `since`;
 * throws if `child` exits first or no 200 comes within `limitMs`.
 */
export async function untilReady(child: ChildProcess, url: string, since: number, limitMs: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Math.round(performance.now() - since);
    if (performance.now() - since > limitMs) throw new Error(`the store did not answer within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The store exactly as `npm start` runs it (DESIGN §6): the built bundle with npm start's node
 * flags, in storeEnv, its log written to a file as a deployment's log collector would take it.
 * Ready once /api/ready answers 200.
 */
export async function startStore(env: Record<string, string | undefined> = {}): Promise<Target> {
  const port = await freePort();
  const logFile = join(mkdtempSync(join(tmpdir(), 'torque-bench-log-')), 'store.log');
  // The log leaves through a pipe, to a collector process on the store's CPU (as under systemd or
  // a container runtime), so its whole cost counts against the store.
  const fd = openSync(logFile, 'w');
  const collector = spawn(
    SERVER_CPU[0] ?? 'cat',
    [...SERVER_CPU.slice(1), ...(SERVER_CPU.length ? ['cat'] : [])],
    {
      stdio: ['pipe', fd, 'inherit'],
    },
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const command = [...SERVER_CPU, process.execPath, ...startArgs];
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', collector.stdin!, collector.stdin!],
    env: storeEnv(port, { PUBLIC_URL: url, ...env }),
  });
  child.once('exit', () => collector.stdin!.end());
  await untilReady(child, url, performance.now(), 60_000).catch((error: Error) => {
    throw new Error(`${error.message}: see ${logFile}`);
  });
  return target(child, url);
}

/**
 * A store, as npm start runs it, on a PostgreSQL database of its own: created for `run` (named after
 * `label` and this process), its address given to `run` for seeding, and dropped after.
 */
export async function onScratchPostgres<T>(
  adminUrl: string,
  label: string,
  run: (app: Target, url: string) => Promise<T>,
): Promise<T> {
  const name = `torque_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const app = await startStore({ DATABASE_URL: url.toString() });
    try {
      return await run(app, url.toString());
    } finally {
      await app.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The bare Fastify of bench/target.ts, answering recorded bytes from memory, in its own process. */
export async function startBare(answersJson: string): Promise<Target> {
  const command = [...SERVER_CPU, process.execPath, 'bench/target.ts', answersJson];
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return target(child, `http://127.0.0.1:${line}`);
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

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

export interface Ratio {
  /** The median of the rounds' ratios a/b. */
  ratio: number;
  /** The spread of the rounds' ratios (largest less smallest) over the median: the figure's noise. */
  noise: number;
  /** The medians of a and of b. */
  a: number;
  b: number;
  rounds: number[];
}

/**
 * Measures a against b side by side: `rounds` rounds, in the order ab, ba, ab, … so that a drift
 * in the machine's speed weighs on both alike. Each round gives a ratio; the figure is their median.
 */
export async function sideBySide(
  rounds: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<Ratio> {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  const ratios = as.map((x, i) => x / bs[i]!);
  const ratio = median(ratios);
  const round3 = (x: number) => Number(x.toFixed(3));
  return {
    ratio: round3(ratio),
    noise: round3((Math.max(...ratios) - Math.min(...ratios)) / ratio),
    a: Math.round(median(as)),
    b: Math.round(median(bs)),
    rounds: ratios.map(round3),
  };
}
