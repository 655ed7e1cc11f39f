import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#tests/fixtures/npm-start.ts';
import { type ScratchDatabase, scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { type ServerProcess, startServer } from './server-process.ts';

// The sign-in limits of the built store (DESIGN §3b): with Redis, without it, behind a proxy.
const databaseUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Debian's nginx (`apt-get install nginx-light`): a real reverse proxy in front of the store.
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
let database: ScratchDatabase;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await scratchDatabase(databaseUrl, 'torque_sys');
  env = { DATABASE_URL: database.url, DATA_DIR: '/nonexistent', AUTH_RATE_LIMIT: '3' };
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await database?.drop();
});

async function start(extra: Record<string, string>) {
  const server = await startServer({ ...env, ...extra });
  servers.push(server);
  return server;
}

/** A loopback address of its own for each run: Redis keeps a run's counters for a minute. */
const run = 1 + Math.floor(Math.random() * 250);
const address = (n: number) => `127.${run}.${n}.1`;

/** Where requests go (the store, or the proxy before it) and the store's origin they carry. */
interface Target {
  base: string;
  origin: string;
}
const direct = (server: ServerProcess): Target => ({
  base: server.url,
  origin: server.url.replace('127.0.0.1', 'localhost'),
});

/** A POST from a chosen source address, as a separate client machine would send it. */
function post(
  { base, origin }: Target,
  path: string,
  body: object,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', origin, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode!, ms: performance.now() - started, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const signIn = (to: Target, email: string, password: string, from: string, headers = {}) =>
  post(to, '/api/auth/sign-in/email', { email, password }, from, headers);

async function signUp(to: Target, email: string, from: string) {
  const body = { name: 'System Test', email, password: 'correct horse battery' };
  const res = await post(to, '/api/auth/sign-up/email', body, from);
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${res.body}`);
}

describe('REDIS_URL', () => {
  it('starts the built store with a live Redis, signs in, and counts there', async () => {
    const store = direct(await start({ REDIS_URL: redisUrl }));
    const email = `redis${Date.now()}@example.com`;
    await signUp(store, email, address(1));
    const ok = await signIn(store, email, 'correct horse battery', address(1));
    expect(ok.status).toBe(200);
    const redis = new Redis(redisUrl);
    try {
      // The sign-in's counters are Redis keys, which every instance shares; an email's by its hash.
      const hash = createHash('sha256').update(email).digest('hex').slice(0, 32);
      const keys = await redis.keys(`torque-auth:*${hash}`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('with Redis unreachable, answers a sign-in within a second and still limits', async () => {
    const closed = await freePort();
    const store = direct(await start({ REDIS_URL: `redis://127.0.0.1:${closed}` }));
    const email = `noredis${Date.now()}@example.com`;
    await signUp(store, email, address(2));
    const ok = await signIn(store, email, 'correct horse battery', address(2));
    expect(ok.status).toBe(200);
    console.info(`sign-in with Redis unreachable: ${Math.round(ok.ms)} ms`);
    expect(ok.ms).toBeLessThan(1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await signIn(store, `nobody${i}@example.com`, 'a wrong guess', address(3));
      expect(res.ms).toBeLessThan(1_000);
      statuses.push(res.status);
    }
    // AUTH_RATE_LIMIT=3 per address, counted in memory while Redis is away.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('behind a reverse proxy (nginx)', () => {
  let nginx: ChildProcess | undefined;
  let proxy: Target;
  let stderr = '';

  beforeAll(async () => {
    if (!existsSync(nginxPath)) {
      throw new Error(`No nginx at ${nginxPath}: apt-get install nginx-light, or set NGINX_PATH`);
    }
    // The store trusts its proxy's address only: what the proxy appends names the client.
    const store = await start({ TRUST_PROXY: '127.0.0.1' });
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'torque-nginx-'));
    chmodSync(dir, 0o755);
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${store.url};
      proxy_set_header Host localhost:${new URL(store.url).port};
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    nginx = spawn(nginxPath, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr!.on('data', (d) => (stderr += d));
    proxy = { base: `http://127.0.0.1:${port}`, origin: direct(store).origin };
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${proxy.base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (nginx.exitCode !== null || Date.now() > deadline) {
        const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
        throw new Error(`nginx did not start: ${stderr} ${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
  });

  it('limits each client by its own address: ten failures of one do not lock the other out', async () => {
    const email = `proxied${Date.now()}@example.com`;
    const one = address(10);
    const other = address(11);
    await signUp(proxy, email, other);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await signIn(proxy, `spray${i}@example.com`, 'a wrong guess', one)).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    // A forged X-Forwarded-For does not help the first: nginx appends the address it saw.
    expect(
      (await signIn(proxy, 'forged@example.com', 'x'.repeat(9), one, { 'x-forwarded-for': '203.0.113.9' }))
        .status,
    ).toBe(429);
    // The other client signs in.
    expect((await signIn(proxy, email, 'correct horse battery', other)).status).toBe(200);
  });

  it('without TRUST_PROXY, ignores a forged X-Forwarded-For', async () => {
    const store = direct(await start({}));
    const from = address(12);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const forged = { 'x-forwarded-for': `198.51.100.${i + 1}` };
      statuses.push((await signIn(store, `forger${i}@example.com`, 'a wrong guess', from, forged)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
