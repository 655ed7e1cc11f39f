// `npm run bench:load`: a bounded mixed load against one instance (browse, purchase, pay, cancel),
// 60 s at 100 connections by default. Reports throughput, p50/p99, errors, memory over time, and
// checks that nothing was oversold. `--seconds N`, `--connections N`; BENCH_DATABASE_URL for
// PostgreSQL (default: the embedded database).
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startStore } from './lib.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '100' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const dir = mkdtempSync(join(tmpdir(), 'torque-load-'));
const admin = 'loadadmin@example.com';
// Sign-ups must come from the store's own origin (better-auth checks it).
const origin = 'http://bench.localhost';
const database = { DATA_DIR: join(dir, 'data'), DATABASE_URL: process.env.BENCH_DATABASE_URL };
// The first start creates, migrates and seeds an embedded database; the load meets the store as
// it runs every day after, started again on it (BENCH_DATABASE_URL: as it is).
if (!process.env.BENCH_DATABASE_URL) await (await startStore(database)).stop();
const app = await startStore({
  ...database,
  ADMIN_EMAILS: admin,
  AUTH_RATE_LIMIT: '100000',
  PUBLIC_URL: origin,
});

async function account(email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: 'Load Buyer', email, password: 'correct horse battery' }),
  });
  if (!res.ok) throw new Error(`sign-up ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** ADMIN_EMAILS counts a verified address: follows the link of the mail its sign-up wrote. */
async function verify(email: string): Promise<void> {
  const mailDir = join(database.DATA_DIR, 'mail');
  const file = readdirSync(mailDir).find((f) => f.includes(email));
  const text = file
    ? readFileSync(join(mailDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
    : '';
  const link = /(http\S+verify-email\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no verification mail for ${email} in ${mailDir}`);
  const { pathname, search } = new URL(link);
  const res = await fetch(`${app.url}${pathname}${search}`, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`verify-email ${res.status}`);
}

try {
  const adminToken = await account(admin);
  await verify(admin);
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  // Tools of their own with deep stock, so that the load measures the store, not a sell-out.
  const loadTools: { id: string; stock: number; min: number }[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${app.url}/api/addTool`, {
      method: 'POST',
      headers: auth(adminToken),
      body: JSON.stringify({
        name: `Load Tool ${i}`,
        minimumOrder: 5,
        availableQuantity: 10_000_000,
        price: 12.5,
        img: '/images/tools/jigsaw.svg',
        description: 'A tool for the load test.',
      }),
    });
    loadTools.push({
      id: ((await res.json()) as { insertedId: string }).insertedId,
      stock: 10_000_000,
      min: 5,
    });
  }
  const buyers: string[] = [];
  for (let i = 0; i < connections * 3; i++)
    buyers.push(await account(`load${i}x${Date.now() % 100000}@example.com`));
  const catalogue = (await (await fetch(`${app.url}/api/tools`)).json()) as { _id: string }[];

  let nextBuyer = 0;
  let loop = 0;
  const memory: number[] = [app.rssMb()];
  const sampler = setInterval(() => memory.push(app.rssMb()), 5_000);
  type Ctx = {
    token?: string;
    tool?: string;
    orderId?: string;
    clientSecret?: string;
    transactionId?: string;
    cancel?: boolean;
  };
  const json = (body: object) => JSON.stringify(body);
  const result = await autocannon({
    url: app.url,
    connections,
    duration: seconds,
    requests: [
      // Browsing: the home page, drawn by the server with the catalogue (decision 011), then the
      // calls the app makes as the visitor moves on.
      { method: 'GET', path: '/', headers: { 'accept-encoding': 'br' } },
      { method: 'GET', path: '/api/tools' },
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/tool/${catalogue[loop % catalogue.length]!._id}` }),
      },
      { method: 'GET', path: '/api/reviews' },
      {
        method: 'POST',
        path: '/api/purchase',
        setupRequest: (req, context: Ctx) => {
          context.token = buyers[nextBuyer++ % buyers.length];
          context.tool = loadTools[loop % loadTools.length]!.id;
          context.cancel = loop++ % 2 === 1;
          return {
            ...req,
            headers: auth(context.token!),
            body: json({ toolsId: context.tool, phone: '555 0100', address: '1 Load Road', quantity: 5 }),
          };
        },
        onResponse: (_status, body, context: Ctx) => {
          context.orderId = (JSON.parse(body) as { insertedId?: string }).insertedId;
        },
      },
      {
        // Half the orders are cancelled, half paid.
        setupRequest: (req, context: Ctx) => {
          if (!context.orderId) return undefined as never; // this buyer already had an open order: start over
          return context.cancel
            ? {
                ...req,
                method: 'DELETE',
                path: `/api/myOrder/${context.orderId}`,
                headers: { authorization: `Bearer ${context.token}` },
              }
            : {
                ...req,
                method: 'POST',
                path: '/api/create-payment-intent',
                headers: auth(context.token!),
                body: json({ orderId: context.orderId }),
              };
        },
        onResponse: (_status, body, context: Ctx) => {
          context.clientSecret = (JSON.parse(body) as { clientSecret?: string }).clientSecret;
        },
      },
      {
        method: 'POST',
        path: '/api/payments/sandbox/confirm',
        setupRequest: (req, context: Ctx) =>
          context.cancel
            ? (undefined as never)
            : {
                ...req,
                headers: auth(context.token!),
                body: json({
                  clientSecret: context.clientSecret,
                  card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
                }),
              },
        onResponse: (_status, body, context: Ctx) => {
          context.transactionId = (JSON.parse(body) as { id?: string }).id;
        },
      },
      {
        method: 'PATCH',
        setupRequest: (req, context: Ctx) => ({
          ...req,
          path: `/api/order/${context.orderId}`,
          headers: auth(context.token!),
          body: json({ appointment: context.orderId, transactionId: context.transactionId }),
        }),
      },
    ],
  });
  clearInterval(sampler);
  memory.push(app.rssMb());
  const peak = app.peakRssMb();

  // Oversell check: for each load tool, stock taken = quantities of live orders.
  const orders = (await (await fetch(`${app.url}/api/allOrders`, { headers: auth(adminToken) })).json()) as {
    toolsId: string;
    quantity: number;
    paid: boolean;
  }[];
  const oversold: string[] = [];
  for (const tool of loadTools) {
    const now = (
      (await (await fetch(`${app.url}/api/tool/${tool.id}`)).json()) as { availableQuantity: number }
    ).availableQuantity;
    const live = orders.filter((o) => o.toolsId === tool.id).reduce((s, o) => s + o.quantity, 0);
    if (tool.stock - now !== live)
      oversold.push(`${tool.id}: stock taken ${tool.stock - now}, live orders ${live}`);
  }
  const figures = {
    date: new Date().toISOString(),
    seconds,
    connections,
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ordersLive: orders.length,
    paid: orders.filter((o) => o.paid).length,
    oversold,
    // Samples every 5 s, and the high-water mark since the store started (a sample can miss a peak).
    rssMb: { start: memory[0], max: Math.max(...memory), end: memory.at(-1), samples: memory, peak },
  };
  console.log(JSON.stringify(figures, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/load.json', `${JSON.stringify(figures, null, 2)}\n`);
  if (result.errors || result.non2xx || result.timeouts || oversold.length) process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
