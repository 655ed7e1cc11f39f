import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type ServerProcess, signUpOver, startServer } from './server-process.ts';

// kill -9 in the middle of purchases and payments on the embedded database, then start again:
// every acknowledged write is there, nothing is half-written, and stock adds up.
const dataDir = mkdtempSync(join(tmpdir(), 'torque-crash-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Tool {
  _id: string;
  minimumOrder: number;
  availableQuantity: number;
}
interface Order {
  _id: string;
  toolsId: string;
  quantity: number;
  paid: boolean;
  transactionId: string | null;
}

it(
  'loses no acknowledged order or payment to a kill -9, and stock equals initial minus live orders',
  { timeout: 180_000 },
  async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const url = server.url;
    const [buyTool, payTool] = ((await (await fetch(`${url}/api/tools`)).json()) as Tool[]).slice(6, 8);
    const buyers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const email = `crash${i}x${Date.now() % 100000}@example.com`;
        return { email, token: await signUpOver(url, email) };
      }),
    );
    const call = (token: string, path: string, method = 'GET', body?: object) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const purchase = (token: string, tool: Tool) =>
      call(token, '/api/purchase', 'POST', {
        toolsId: tool._id,
        phone: '555 0100',
        address: '1 Road',
        quantity: tool.minimumOrder,
      });

    // Orders to pay during the burst.
    const toPay = new Map<string, string>();
    for (const b of buyers)
      toPay.set(
        b.email,
        ((await (await purchase(b.token, payTool!)).json()) as { insertedId: string }).insertedId,
      );

    const acknowledged = new Set<string>();
    const paid = new Map<string, string>();
    const burst = buyers.map(async (b, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      try {
        const res = await purchase(b.token, buyTool!);
        const body = (await res.json()) as { acknowledged: boolean; insertedId: string };
        if (body.acknowledged) acknowledged.add(body.insertedId);
        const orderId = toPay.get(b.email)!;
        const { clientSecret } = (await (
          await call(b.token, '/api/create-payment-intent', 'POST', { orderId })
        ).json()) as { clientSecret: string };
        const confirm = await call(b.token, '/api/payments/sandbox/confirm', 'POST', {
          clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        });
        const { id } = (await confirm.json()) as { id: string };
        const patch = await call(b.token, `/api/order/${orderId}`, 'PATCH', {
          appointment: orderId,
          transactionId: id,
        });
        if (patch.ok) paid.set(orderId, id);
      } catch {
        // The server died under this request: it was never acknowledged.
      }
    });
    // Kill it once some, but not all, of the burst has been acknowledged.
    const deadline = Date.now() + 60_000;
    while (acknowledged.size < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await server.kill('SIGKILL');
    await Promise.all(burst);
    expect(acknowledged.size).toBeGreaterThanOrEqual(5);

    // The same directory, a new process: the dead process's lock is taken over.
    server = await startServer({ DATA_DIR: dataDir });
    const all: Order[] = [];
    for (const b of buyers)
      all.push(
        ...((await (
          await fetch(`${server.url}/api/myOrders?email=${b.email}`, {
            headers: { authorization: `Bearer ${b.token}` },
          })
        ).json()) as Order[]),
      );
    const ids = new Set(all.map((o) => o._id));
    for (const id of acknowledged) expect(ids.has(id), `acknowledged order ${id} lost`).toBe(true);
    for (const [orderId, transactionId] of paid) {
      expect(
        all.find((o) => o._id === orderId),
        `payment of ${orderId} lost`,
      ).toMatchObject({ paid: true, transactionId });
    }
    for (const tool of [buyTool!, payTool!]) {
      const live = all.filter((o) => o.toolsId === tool._id).reduce((sum, o) => sum + o.quantity, 0);
      const now = (await (await fetch(`${server.url}/api/tool/${tool._id}`)).json()) as Tool;
      expect(now.availableQuantity).toBe(tool.availableQuantity - live);
    }
  },
);
