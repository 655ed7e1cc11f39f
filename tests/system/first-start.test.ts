import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startArgs } from '#tests/fixtures/npm-start.ts';
import { LIVE_ENV, startServer } from './server-process.ts';

/** What the built store prints, started as `npm start` starts it, until `done` says enough. */
async function output(env: Record<string, string>, done: (out: string) => boolean): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'torque-first-start-'));
  const { LOG_LEVEL: _default, NODE_ENV: _env, ...inherited } = process.env;
  const child = spawn(process.execPath, startArgs, {
    env: { ...inherited, DATA_DIR: dataDir, PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${out}`)), 60_000);
      const take = (chunk: Buffer) => {
        out += chunk;
        if (done(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
    });
    return out;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('a first start', () => {
  it('in development, prints a banner with the address and the two demo accounts, and readable logs', async () => {
    const out = await output({}, (o) => /customer\s+customer@example\.com\s+\S+/.test(o));
    expect(out).toMatch(/Torque is open at http:\/\/localhost:\d+\n/);
    expect(out).toMatch(/admin\s+admin@example\.com\s+\S{8,}/);
    expect(out).toMatch(/customer\s+customer@example\.com\s+\S{8,}/);
    // Human-readable lines, not JSON.
    expect(out.split('\n').filter((line) => line.startsWith('{"level"'))).toEqual([]);
    // Each password once, in the banner: no log line carries it, and no mail is sent to the
    // demo accounts' made-up addresses.
    for (const [, password] of out.matchAll(/(?:admin|customer)\s+\S+@example\.com\s+(\S+)/g)) {
      expect(out.split(password!).length - 1).toBe(1);
    }
    expect(out).not.toContain('Confirm your Torque email address');
    // It says it made the database, from the first migration to the last.
    expect(out).toMatch(/made a new database \(migrations 0000_init to 00\d\d_\w+\)/);
    // Without AUTH_SECRET it made its own signing secret, and says so once (decision 027).
    expect(out.split('AUTH_SECRET is not set').length - 1).toBe(1);
  });

  it('in production, logs JSON lines and creates no demo account', async () => {
    const out = await output(LIVE_ENV, (o) => o.includes('Torque is open at'));
    const lines = out.trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(out).not.toContain('example.com');
    expect(out).not.toContain('AUTH_SECRET is not set');
  });
});

describe("a live store's first start", () => {
  it('opens with no tools and no reviews: the demo catalogue and its invented reviews only come when asked for', async () => {
    const { DEMO_CATALOGUE: _staging, ...live } = LIVE_ENV;
    const dataDir = await mkdtemp(join(tmpdir(), 'torque-live-start-'));
    const store = await startServer({ ...live, DATA_DIR: dataDir });
    try {
      expect(await fetch(`${store.url}/api/tools`).then((r) => r.json())).toEqual([]);
      expect(await fetch(`${store.url}/api/reviews`).then((r) => r.json())).toEqual([]);
      const home = await fetch(store.url).then((r) => r.text());
      expect(home).toContain('No tools for sale yet.');
      expect(home).toContain('No reviews yet.');
      const tools = await fetch(`${store.url}/tools`).then((r) => r.text());
      expect(tools).toContain('No tools for sale yet.');
    } finally {
      await store.kill();
    }
    // The same data directory started as a staging store is filled, once.
    const staging = await startServer({ ...LIVE_ENV, DATA_DIR: dataDir });
    try {
      const tools = (await fetch(`${staging.url}/api/tools`).then((r) => r.json())) as unknown[];
      expect(tools.length).toBe(12);
    } finally {
      await staging.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the first connection', () => {
  it("is the store's own: it asks its GET /api/ready before it says it is open (decision 023)", async () => {
    const out = await output(LIVE_ENV, (o) => o.includes('Torque is open at'));
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number });
    const open = lines.findIndex((line) => line.msg.startsWith('Torque is open at'));
    const requests = lines.slice(0, open).filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.url, line.status])).toEqual([['/api/ready', 200]]);
  });
});

describe('a start after the first', () => {
  it("reads the server's compiled code from disk instead of compiling it again (decision 020)", async () => {
    // Node says, for each module it compiles, whether the compile cache gave its code.
    const env = {
      ...LIVE_ENV,
      NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
    };
    const open = (o: string) => o.includes('Torque is open at');
    await output(env, open);
    const second = await output(env, open);
    const modules = (pattern: string) =>
      new Set(
        [...second.matchAll(new RegExp(`ESM file:\\S+/dist/(\\S+?\\.js)${pattern}`, 'g'))].map((m) => m[1]),
      );
    const compiled = modules('');
    // The server's own code and the page renderer, among all the start loads.
    expect([...compiled]).toEqual(
      expect.arrayContaining([expect.stringMatching(/^server\/app-\w+\.js$/), 'web/ssr/entry-server.js']),
    );
    expect(modules(' was accepted')).toEqual(compiled);
  });
});

describe('the access log, as npm start writes it', () => {
  it('has one line per request, in order, and none is lost when the store stops', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'torque-access-log-'));
    const port = await freePort();
    const { LOG_LEVEL: _default, ...inherited } = process.env;
    const child = spawn(process.execPath, startArgs, {
      env: {
        ...inherited,
        ...LIVE_ENV,
        DATA_DIR: dataDir,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`${url}/api/ready`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error(`not ready in 60 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Fewer lines than one write gathers (4 KB), so they are still waiting when the store stops.
      for (let i = 0; i < 7; i++) expect((await fetch(`${url}/api/tools?probe=${i}`)).status).toBe(200);
      // A page the server draws asks the API itself (tools, categories, a tool, its reviews): the
      // browser made one request, and one line says so.
      const [tool] = (await (await fetch(`${url}/api/tools`)).json()) as { _id: string }[];
      for (const page of ['/tools?q=drill', `/tools/${tool!._id}`]) {
        expect((await fetch(`${url}${page}`)).status).toBe(200);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
    const probes = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number })
      .filter((line) => line.msg === 'request' && line.url?.startsWith('/api/tools'));
    expect(probes.map((line) => [line.url, line.status])).toEqual([
      ...Array.from({ length: 7 }, () => ['/api/tools?probe=…', 200]),
      ['/api/tools', 200],
    ]);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; url?: string });
    const requests = lines.filter((line) => line.msg === 'request').map((line) => line.url);
    expect(requests.slice(requests.indexOf('/api/tools') + 1)).toEqual([
      '/tools?q=…',
      expect.stringMatching(/^\/tools\/[0-9a-f-]{36}$/),
    ]);
  });
});
