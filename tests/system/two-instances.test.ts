import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { type ServerProcess, signUpOver, startServer } from './server-process.ts';

// Two store processes on one PostgreSQL and one Redis behave as one store (DESIGN §7).
const url = process.env.TEST_DATABASE_URL!;
const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: ScratchDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await scratchDatabase(url, 'torque_sys');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis,
    DATA_DIR: '/nonexistent',
    AUTH_RATE_LIMIT: '4',
    ADMIN_EMAILS: 'boss@example.com',
  };
  // Counters of an earlier run from this address would still be live for up to a minute.
  const counters = new Redis(redis);
  const live = await counters.keys('torque-auth:*:ip:127.0.0.1');
  if (live.length) await counters.del(...live);
  counters.disconnect();
  // Both start at once on the empty database: one migrates and seeds, the other waits.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await database?.drop();
});

const call = (server: ServerProcess, token: string, path: string, method = 'GET', body?: object) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function eventually(check: () => Promise<void>, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

it('seeds the catalogue once when both start together', async () => {
  const [ta, tb] = await Promise.all([fetch(`${a.url}/api/tools`), fetch(`${b.url}/api/tools`)]);
  const [la, lb] = (await Promise.all([ta.json(), tb.json()])) as [{ _id: string }[], { _id: string }[]];
  expect(la).toHaveLength(12);
  expect(lb.map((t) => t._id)).toEqual(la.map((t) => t._id));
});

it('shows, pays and cancels on one instance what was ordered on the other', async () => {
  const email = `twin${Date.now()}@example.com`;
  const token = await signUpOver(a.url, email);
  const tools = (await (await fetch(`${a.url}/api/tools`)).json()) as {
    _id: string;
    minimumOrder: number;
    availableQuantity: number;
  }[];
  const [first, second] = tools;
  const order = async (tool: typeof first) =>
    (
      (await (
        await call(a, token, '/api/purchase', 'POST', {
          toolsId: tool!._id,
          phone: '555 0100',
          address: '1 Road',
          quantity: tool!.minimumOrder,
        })
      ).json()) as { insertedId: string }
    ).insertedId;
  const paidId = await order(first);
  const cancelId = await order(second);

  // Visible on B.
  const onB = (await (await call(b, token, `/api/myOrders?email=${email}`)).json()) as { _id: string }[];
  expect(onB.map((o) => o._id).sort()).toEqual([paidId, cancelId].sort());

  // Paid across both: intent on B, card on A, confirmation on B.
  const { clientSecret } = (await (
    await call(b, token, '/api/create-payment-intent', 'POST', { orderId: paidId })
  ).json()) as { clientSecret: string };
  const confirm = await call(a, token, '/api/payments/sandbox/confirm', 'POST', {
    clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  const { id: transactionId } = (await confirm.json()) as { id: string };
  expect(
    (await call(b, token, `/api/order/${paidId}`, 'PATCH', { appointment: paidId, transactionId })).status,
  ).toBe(200);
  const paid = (await (await call(a, token, `/api/myOrder/${paidId}`)).json()) as {
    paid: boolean;
    transactionId: string;
  };
  expect(paid).toMatchObject({ paid: true, transactionId });

  // Cancelled on B; A's cached catalogue shows the stock back (its copy was dropped by NOTIFY).
  expect((await call(b, token, `/api/myOrder/${cancelId}`, 'DELETE')).status).toBe(200);
  await eventually(async () => {
    const tool = (await (await fetch(`${a.url}/api/tool/${second!._id}`)).json()) as {
      availableQuantity: number;
    };
    expect(tool.availableQuantity).toBe(second!.availableQuantity);
  });
});

it('ends a session on every instance when it signs out on one', async () => {
  const email = `leaver${Date.now()}@example.com`;
  // Sign-up spends the address's rate budget too: the next test counts on this one.
  const token = await signUpOver(a.url, email);
  const profile = `/api/user/${email}`;
  // B has checked the session, and keeps it (the session cache).
  expect((await call(b, token, profile)).status).toBe(200);
  expect((await call(b, token, profile)).status).toBe(200);
  const out = await fetch(`${a.url}/api/auth/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: a.url.replace('127.0.0.1', 'localhost') },
  });
  expect(out.status).toBe(200);
  expect((await call(a, token, profile)).status).toBe(401);
  // B hears of it through PostgreSQL's NOTIFY, within moments, not when its copy would expire.
  const signedOut = Date.now();
  await eventually(async () => expect((await call(b, token, profile)).status).toBe(401), 1_000);
  expect(Date.now() - signedOut).toBeLessThan(1_000);
});

it('counts sign-in attempts made on either instance together', async () => {
  const email = `ratelimit${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (const server of [a, b, a, b, a]) {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ email, password: 'not the password' }),
    });
    statuses.push(res.status);
  }
  // The budget is 4 sign-ins a minute for this address, spent by A and B together. Counters kept
  // per instance would have allowed four on each: all five would have been 401.
  expect(statuses).toEqual([401, 401, 401, 401, 429]);
});
