import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { type ServerProcess, signUpOver, startServer } from './server-process.ts';
import { startTcpProxy } from './tcp-proxy.ts';

// PostgreSQL goes away under a running store and comes back: the store answers 503 with the error
// shape meanwhile (never 500, never a sign-out), and recovers by itself.
const url = process.env.TEST_DATABASE_URL!;
let database: ScratchDatabase;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: ServerProcess;
let token: string;
let email: string;
let toolId: string;
let unseenToolId: string;

beforeAll(async () => {
  database = await scratchDatabase(url, 'torque_sys');
  const target = new URL(database.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  target.host = `127.0.0.1:${proxy.port}`;
  server = await startServer({ DATABASE_URL: target.toString(), DATA_DIR: '/nonexistent' });
  email = `outage${Date.now()}@example.com`;
  token = await signUpOver(server.url, email);
  const tools = (await (await fetch(`${server.url}/api/tools`)).json()) as { _id: string }[];
  toolId = tools[0]!._id;
  unseenToolId = tools[5]!._id;
});

afterAll(async () => {
  await server?.kill();
  await proxy?.close();
  await database?.drop();
});

const authed = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${token}`,
    },
  });
const buy = (quantity: number) =>
  authed('/api/purchase', {
    method: 'POST',
    body: JSON.stringify({ toolsId: toolId, phone: '555 0100', address: '1 Road', quantity }),
  });

it(
  'answers 503 with the error shape while the database is down, and recovers by itself',
  { timeout: 90_000 },
  async () => {
    const first = await buy(60);
    expect(first.status, await first.clone().text()).toBe(200);
    proxy.cut();

    const during = await Promise.all([
      fetch(`${server.url}/api/ready`),
      buy(61),
      authed(`/api/myOrders?email=${email}`),
      authed(`/api/user/${email}`),
    ]);
    for (const res of during) {
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.error.code).toBe('unavailable');
      expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|ECONNREFUSED|select |insert /i);
    }
    // A browser opening a product or purchase page gets a page, not the API's JSON.
    for (const path of [`/tools/${unseenToolId}`, `/purchase/${unseenToolId}`]) {
      const page = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await page.text()).toContain('<div id="root">');
    }
    expect(server.child.exitCode).toBeNull();

    proxy.restore();
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/api/ready`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('the store did not recover within 30 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    // The same token still works: the outage signed no one out.
    const orders = await authed(`/api/myOrders?email=${email}`);
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as unknown[]).length).toBe(1);
    const cancel = await authed(
      `/api/myOrder/${((await (await authed(`/api/myOrders?email=${email}`)).json()) as { _id: string }[])[0]!._id}`,
      { method: 'DELETE' },
    );
    expect(cancel.status).toBe(200);
    expect((await buy(62)).status).toBe(200);
  },
);
