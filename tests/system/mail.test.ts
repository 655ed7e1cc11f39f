import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import type { CaughtMail } from '#tests/fixtures/mail-catcher.ts';
import { freePort } from '#tests/fixtures/npm-start.ts';
import { type ScratchDatabase, scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { type ServerProcess, signInOver, signUpOver, startServer } from './server-process.ts';

// Issue 17: the built store mails a real SMTP server (the mail catcher, as its own process), and no
// mail is lost or sent twice when the SMTP server is down, when the store is killed mid-send, or when
// two instances share the outbox. Figures are printed as `mail figures: …` lines.

const pgUrl = process.env.TEST_DATABASE_URL!;
const databases: ScratchDatabase[] = [];
const dirs: string[] = [];
let servers: ServerProcess[] = [];
let catchers: Catcher[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  await Promise.all(catchers.map((c) => c.stop()));
  servers = [];
  catchers = [];
});
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function newDatabase(): Promise<string> {
  const database = await scratchDatabase(pgUrl, 'torque_mail');
  databases.push(database);
  return database.url;
}

interface Catcher {
  smtpPort: number;
  messages(to?: string): Promise<CaughtMail[]>;
  post(path: '/hold' | '/release'): Promise<void>;
  held(): Promise<number>;
  stop(): Promise<void>;
}

/** The mail catcher (tests/fixtures/mail-catcher.ts) as its own process: a real SMTP server. */
async function startCatcher(smtpPort?: number): Promise<Catcher> {
  const smtp = smtpPort ?? (await freePort());
  const http = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['tests/fixtures/mail-catcher.ts'], {
    env: { ...process.env, MAIL_SMTP_PORT: String(smtp), MAIL_HTTP_PORT: String(http) },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${http}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/messages`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error('mail catcher did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const catcher: Catcher = {
    smtpPort: smtp,
    async messages(to) {
      const q = to ? `?to=${encodeURIComponent(to)}` : '';
      return (await (await fetch(`${base}/messages${q}`)).json()) as CaughtMail[];
    },
    async post(path) {
      await fetch(`${base}${path}`, { method: 'POST' });
    },
    async held() {
      return ((await (await fetch(`${base}/held`)).json()) as { held: number }).held;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
  catchers.push(catcher);
  return catcher;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

async function eventually<T>(check: () => Promise<T>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const api = (server: ServerProcess, token: string | undefined, path: string, method = 'GET', body?: object) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

async function json<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrder: number;
}

async function buy(server: ServerProcess, token: string, tool: Tool, quantity = tool.minimumOrder) {
  const body = await json<{ acknowledged: boolean; insertedId: string }>(
    api(server, token, '/api/purchase', 'POST', {
      toolsId: tool._id,
      phone: '555 0100',
      address: '1 Road',
      quantity,
    }),
  );
  if (!body.acknowledged) throw new Error('purchase not acknowledged');
  return body.insertedId;
}

/** Pays as the payment page does (sandbox card); answers the transaction id. */
async function pay(server: ServerProcess, token: string, orderId: string): Promise<string> {
  const { clientSecret } = await json<{ clientSecret: string }>(
    api(server, token, '/api/create-payment-intent', 'POST', { orderId }),
  );
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  };
  const { id } = await json<{ id: string }>(
    api(server, token, '/api/payments/sandbox/confirm', 'POST', { clientSecret, card }),
  );
  await json(
    api(server, token, `/api/order/${orderId}`, 'PATCH', { appointment: orderId, transactionId: id }),
  );
  return id;
}

/** Counts by Message-ID: how many distinct mails, and how many arrived more than once. */
function tally(mails: CaughtMail[]) {
  const seen = new Map<string, number>();
  for (const m of mails) seen.set(m.messageId, (seen.get(m.messageId) ?? 0) + 1);
  return { distinct: seen.size, duplicated: [...seen.values()].filter((n) => n > 1).length };
}

async function unsentRows(databaseUrl: string): Promise<{ total: number; unsent: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number; unsent: number }>(
      'select count(*)::int as total, (count(*) filter (where sent_at is null))::int as unsent from mail_outbox',
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

it(
  'mails each event to the right recipient with its subject and content, through a real SMTP server',
  { timeout: 90_000 },
  async () => {
    const catcher = await startCatcher();
    const boss = `boss${Date.now() % 100000}@example.com`;
    const store = await start({
      DATABASE_URL: await newDatabase(),
      DATA_DIR: '/nonexistent',
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      ADMIN_EMAILS: boss,
    });
    const mailTo = (to: string, subject: RegExp) =>
      eventually(async () => {
        const found = (await catcher.messages(to)).filter((m) => subject.test(m.subject));
        expect(found).toHaveLength(1);
        return found[0]!;
      }, 10_000);

    // Sign-up: the verification mail; the boss's link makes an admin (ADMIN_EMAILS).
    const signUpToken = await signUpOver(store.url, boss);
    const verify = await mailTo(boss, /^Confirm your Torque email address$/);
    const link = /(http\S+verify-email\S+)/.exec(verify.text)![1]!;
    expect((await fetch(link.replace('localhost', '127.0.0.1'), { redirect: 'manual' })).status).toBeLessThan(
      400,
    );
    expect(verify.html).toContain('Confirm my address');
    // Opened in another browser than the sign-up's, the link proves only the mailbox: the sign-up's
    // session and password end, and the boss chooses a password by the link mailed with the rights.
    expect((await api(store, signUpToken, `/api/admin/${boss}`)).status).toBe(401);
    const handOver = await mailTo(boss, /^You are an admin of Torque: choose your password$/);
    const resetLink = /(http\S+reset-password\S+)/.exec(handOver.text)![1]!;
    const landing = await fetch(resetLink.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
    const resetToken = new URL(landing.headers.get('location')!, store.url).searchParams.get('token');
    const chosen = await fetch(`${store.url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ token: resetToken, newPassword: 'the boss chose this' }),
    });
    expect(chosen.status).toBe(200);
    const bossToken = await signInOver(store.url, boss, 'the boss chose this');

    const ann = `ann${Date.now() % 100000}@example.com`;
    const annToken = await signUpOver(store.url, ann);
    const [drill, saw] = (await json<Tool[]>(api(store, undefined, '/api/tools'))).slice(0, 2);

    // Order placed: items, quantity, total, the link to pay.
    const orderId = await buy(store, annToken, drill!, drill!.minimumOrder);
    const placed = await mailTo(ann, /^Your Torque order: /);
    expect(placed.subject).toBe(`Your Torque order: ${drill!.minimumOrder} × ${drill!.name}`);
    expect(placed.text).toContain(`Quantity: ${drill!.minimumOrder}`);
    expect(placed.text).toContain(`/dashboard/payment/${orderId}`);
    expect(placed.text).toMatch(/Total: \$[\d,]+\.\d\d/);
    expect(placed.html).toContain(drill!.name.replaceAll('&', '&amp;'));
    expect(placed.messageId).toMatch(/^<[0-9a-f-]{36}@torque>$/);

    // Paid: the receipt (number, transaction id, link) and the admin's notice.
    const transactionId = await pay(store, annToken, orderId);
    const receipt = await mailTo(ann, /^Receipt R-\d{6} for your Torque order$/);
    expect(receipt.text).toContain(`Transaction id: ${transactionId}`);
    expect(receipt.text).toContain(`/dashboard/receipt/${orderId}`);
    const notice = await mailTo(boss, /^New paid order: /);
    expect(notice.text).toContain(ann);
    expect(notice.text).toContain(`Transaction id: ${transactionId}`);
    const receiptPage = await json<{ receiptNumber: string }>(
      api(store, annToken, `/api/receipt/${orderId}`),
    );
    expect(receipt.subject).toContain(receiptPage.receiptNumber);

    // Shipped, and another order refunded.
    await json(api(store, bossToken, `/api/shiftNow/${orderId}`, 'PATCH', { shiftNow: true }));
    const shipped = await mailTo(ann, /^Your Torque order is ready for shipping$/);
    expect(shipped.text).toContain(`Order number: ${orderId}`);
    const second = await buy(store, annToken, saw!, saw!.minimumOrder);
    await pay(store, annToken, second);
    await json(api(store, bossToken, `/api/order/${second}/refund`, 'POST'));
    const refunded = await mailTo(ann, /^Your Torque order was refunded$/);
    expect(refunded.text).toContain(`Order number: ${second}`);

    // Forgot password.
    const reset = await fetch(`${store.url}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ email: ann, redirectTo: '/reset-password' }),
    });
    expect(reset.status).toBe(200);
    expect((await mailTo(ann, /^Reset your Torque password$/)).text).toMatch(/reset-password/);

    const all = await catcher.messages();
    const { distinct, duplicated } = tally(all);
    console.log(
      `mail figures: events: expected 13, received ${all.length}, distinct ${distinct}, duplicated ${duplicated}`,
    );
    expect(all.map((m) => `${m.to.join()} ${m.subject.replace(/R-\d+|: .*$/, '…')}`).sort()).toEqual(
      [
        `${boss} Confirm your Torque email address`,
        `${boss} You are an admin of Torque…`,
        `${boss} Your Torque password was changed`,
        `${boss} New paid order…`,
        `${boss} New paid order…`,
        `${ann} Confirm your Torque email address`,
        `${ann} Your Torque order…`,
        `${ann} Your Torque order…`,
        `${ann} Receipt … for your Torque order`,
        `${ann} Receipt … for your Torque order`,
        `${ann} Your Torque order is ready for shipping`,
        `${ann} Your Torque order was refunded`,
        `${ann} Reset your Torque password`,
      ].sort(),
    );
    expect(duplicated).toBe(0);
  },
);

it(
  'the SMTP server down for 30 s while 50 orders are placed and paid: every mail arrives after, none twice',
  { timeout: 120_000 },
  async () => {
    const smtpPort = await freePort();
    const databaseUrl = await newDatabase();
    const boss = `boss${Date.now() % 100000}@example.com`;
    const store = await start({
      DATABASE_URL: databaseUrl,
      DATA_DIR: '/nonexistent',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAILS: boss,
    });
    // Nothing listens on the SMTP port until 30 s from now.
    const downAt = Date.now();
    // Ten customers, five paid orders each: 50 placed, 50 receipts, 50 notices to the one admin,
    // and 11 verification mails (the customers' and the admin's).
    await signUpOver(store.url, boss);
    // Its verification link is stuck in the outbox: promoted as `npm run admin:promote` would.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`update "user" set role = 'admin' where email = $1`, [boss]);
    await db.end();
    const tools = (await json<Tool[]>(api(store, undefined, '/api/tools'))).slice(0, 5);
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const token = await signUpOver(store.url, `down${i}x${Date.now() % 100000}@example.com`);
        for (const tool of tools) await pay(store, token, await buy(store, token, tool));
      }),
    );
    const expected = 50 + 50 + 50 + 11;
    const before = await unsentRows(databaseUrl);
    expect(before).toEqual({ total: expected, unsent: expected });

    await new Promise((r) => setTimeout(r, Math.max(0, 30_000 - (Date.now() - downAt))));
    const catcher = await startCatcher(smtpPort);
    const back = Date.now();
    await eventually(
      async () => expect((await catcher.messages()).length).toBeGreaterThanOrEqual(expected),
      60_000,
    );
    const drained = Date.now() - back;
    await new Promise((r) => setTimeout(r, 3_000));
    const all = await catcher.messages();
    const { distinct, duplicated } = tally(all);
    console.log(
      `mail figures: SMTP down 30 s: expected ${expected}, received ${all.length}, distinct ${distinct}, duplicated ${duplicated}, all in ${drained} ms after it returned`,
    );
    expect(distinct).toBe(expected);
    expect(duplicated).toBe(0);
    expect(all).toHaveLength(expected);
    expect(await unsentRows(databaseUrl)).toEqual({ total: expected, unsent: 0 });
  },
);

it(
  'killed with -9 between the commit and the send: the mail is sent after the restart, once',
  { timeout: 120_000 },
  async () => {
    const catcher = await startCatcher();
    const dataDir = mkdtempSync(join(tmpdir(), 'torque-mail-kill-'));
    dirs.push(dataDir);
    // On the embedded database, as `npm start` runs the store by default.
    const env = { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}` };
    const store = await start(env);
    const ann = `kill${Date.now() % 100000}@example.com`;
    const token = await signUpOver(store.url, ann);
    await eventually(async () => expect(await catcher.messages(ann)).toHaveLength(1), 10_000);

    // The SMTP server takes the message but does not answer: the store is mid-send when it dies.
    await catcher.post('/hold');
    const [tool] = await json<Tool[]>(api(store, undefined, '/api/tools'));
    const orderId = await buy(store, token, tool!);
    await eventually(async () => expect(await catcher.held()).toBe(1), 10_000);
    await store.kill('SIGKILL');
    // The catcher sees the dead sender's connection close, and so never keeps what it held.
    await new Promise((r) => setTimeout(r, 1_000));
    await catcher.post('/release');
    expect(await catcher.messages(ann)).toHaveLength(1);

    await start(env);
    const restarted = Date.now();
    const placed = await eventually(async () => {
      const found = (await catcher.messages(ann)).filter((m) => m.text.includes(orderId));
      expect(found).toHaveLength(1);
      return found;
    }, 45_000);
    const after = Date.now() - restarted;
    await new Promise((r) => setTimeout(r, 3_000));
    const mine = (await catcher.messages(ann)).filter((m) => m.text.includes(orderId));
    console.log(
      `mail figures: kill -9 mid-send: expected 1, received ${mine.length}, duplicated ${tally(mine).duplicated}, sent ${after} ms after the restart (the 30 s lease)`,
    );
    expect(mine).toHaveLength(1);
    expect(placed[0]!.subject).toMatch(/^Your Torque order: /);
  },
);

it('two instances on one PostgreSQL send each mail once', { timeout: 120_000 }, async () => {
  const catcher = await startCatcher();
  const databaseUrl = await newDatabase();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: '/nonexistent',
    SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
  };
  const [a, b] = await Promise.all([start(env), start(env)]);
  const tools = (await json<Tool[]>(api(a!, undefined, '/api/tools'))).slice(0, 3);
  // Twenty customers, each on one instance, buy and pay on the other: both instances' workers
  // claim from one outbox at once.
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const [here, there] = i % 2 ? [a!, b!] : [b!, a!];
      const token = await signUpOver(here.url, `two${i}x${Date.now() % 100000}@example.com`);
      for (const tool of tools) await pay(there, token, await buy(here, token, tool));
    }),
  );
  const expected = 20 + 20 * 3 * 2;
  await eventually(
    async () => expect(await unsentRows(databaseUrl)).toEqual({ total: expected, unsent: 0 }),
    30_000,
  );
  await new Promise((r) => setTimeout(r, 2_000));
  const all = await catcher.messages();
  const { distinct, duplicated } = tally(all);
  console.log(
    `mail figures: two instances: expected ${expected}, received ${all.length}, distinct ${distinct}, duplicated ${duplicated}`,
  );
  expect(duplicated).toBe(0);
  expect(all).toHaveLength(expected);
});
