import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createSessions, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { mailOutbox, orders, tools } from '#server/db/schema.ts';
import { CLI, promote } from '#server/features/accounts/accounts.service.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { expireUnpaidOrders } from './orders.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(async () => t.close());

/** A tool of its own for each test, so that stock figures are exact. */
const newTool = (stock = 500, minimumOrder = 10, priceCents = 2599) =>
  createTool(t.db, { availableQuantity: stock, minimumOrder, priceCents });

const stockOf = async (id: string) =>
  (await t.db.select({ n: tools.availableQuantity }).from(tools).where(eq(tools.id, id)))[0]!.n;
const cancelMails = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'order_cancelled')));
const ordersCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

function buy(account: TestAccount | undefined, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/purchase', headers: account?.bearer ?? {}, payload });
}
const order = (toolsId: string, quantity: number, extra: object = {}) => ({
  toolsId,
  phone: '+1 555 010 2030',
  address: '12 Forge Lane, Dayton',
  quantity,
  ...extra,
});

describe('POST /api/purchase', () => {
  it('places the order with the catalogue price and the account, and takes the stock', async () => {
    const tool = await newTool(500, 10, 2599);
    const res = await buy(
      ann,
      order(tool.id, 12, {
        name: 'Mallory',
        email: 'mallory@example.com',
        productPrice: 0.01,
        productName: 'Free',
        productImg: 'x',
      }),
    );
    expect(res.statusCode).toBe(200);
    const { acknowledged, insertedId } = res.json();
    expect(acknowledged).toBe(true);
    expect(await stockOf(tool.id)).toBe(488);
    const mine = await t.app.inject({ url: `/api/myOrder/${insertedId}`, headers: ann.bearer });
    expect(mine.json()).toMatchObject({
      toolsId: tool.id,
      name: 'Test ann',
      email: ann.email,
      productName: tool.name,
      productPrice: 25.99,
      productImg: tool.img,
      quantity: 12,
      totalPrice: 311.88,
      paid: false,
      shiftNow: false,
      transactionId: null,
    });
  });

  it('answers {acknowledged:false} to a second order of the same tool while the first is unpaid', async () => {
    const tool = await newTool(500);
    expect((await buy(ann, order(tool.id, 10))).json().acknowledged).toBe(true);
    const again = await buy(ann, order(tool.id, 20));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: false });
    expect(await stockOf(tool.id)).toBe(490);
    // Another customer is not affected.
    expect((await buy(bob, order(tool.id, 10))).json().acknowledged).toBe(true);
  });

  it('places one order, and takes its stock once, when a customer sends the same purchase 20 times at once', async () => {
    const tool = await newTool(500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ann, order(tool.id, 10))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().acknowledged === true)).toHaveLength(1);
    expect(await stockOf(tool.id)).toBe(490);
    const placed = await t.db.select().from(orders).where(eq(orders.toolId, tool.id));
    expect(placed).toHaveLength(1);
  });

  it('refuses a quantity under the minimum order, naming it', async () => {
    const tool = await newTool(500, 10);
    const res = await buy(ann, order(tool.id, 9));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.quantity).toBe('This is minimum Quantity: order at least 10.');
    expect(await stockOf(tool.id)).toBe(500);
  });

  it('refuses more than the stock with 409 naming the real available quantity', async () => {
    const tool = await newTool(37, 10);
    const res = await buy(ann, order(tool.id, 38));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'out_of_stock',
      message: 'Our available quantity is 37.',
      fields: { quantity: 'Our available quantity is 37' },
    });
    expect(await stockOf(tool.id)).toBe(37);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['fractional', 12.5],
    ['huge', 1e12],
    ['a string', '12'],
    ['null', null],
    ['NaN-like', 'NaN'],
    ['an object', { $gt: 0 }],
  ])('refuses a %s quantity with 400 and changes nothing', async (_what, quantity) => {
    const tool = await newTool(500, 1);
    const before = await ordersCount();
    const res = await buy(ann, order(tool.id, 0, { quantity }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('quantity');
    expect(await stockOf(tool.id)).toBe(500);
    expect(await ordersCount()).toBe(before);
  });

  it.each([
    ['no phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['no address', { address: '   ' }, 'address', 'address is required'],
    ['paid: true', { paid: true }, 'input', ''],
    ['a transactionId', { transactionId: 'pi_123' }, 'input', ''],
    ['shiftNow', { shiftNow: true }, 'input', ''],
  ])('refuses an order with %s and changes nothing', async (_what, extra, field, message) => {
    const tool = await newTool(500, 1);
    const before = await ordersCount();
    const res = await buy(ann, order(tool.id, 5, extra));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.fields[field]).toBe(message);
    expect(await ordersCount()).toBe(before);
    expect(await stockOf(tool.id)).toBe(500);
  });

  it.each([
    ['an unknown tool', randomUUID()],
    ['a malformed id', "1' or 1=1 --"],
  ])('answers 404 for %s', async (_what, id) => {
    const res = await buy(ann, order(id, 5));
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for an archived tool', async () => {
    const tool = await newTool();
    await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, tool.id));
    expect((await buy(ann, order(tool.id, 10))).statusCode).toBe(404);
  });

  it('answers 401 to an anonymous buyer', async () => {
    const tool = await newTool();
    const res = await buy(undefined, order(tool.id, 10));
    expect(res.statusCode).toBe(401);
    expect(await stockOf(tool.id)).toBe(500);
  });
});

describe('orders of a customer', () => {
  it('lists only the caller’s own orders, newest first, and refuses another email', async () => {
    const a = await newTool();
    const b = await newTool();
    await buy(ann, order(a.id, 10));
    await buy(ann, order(b.id, 11));
    const res = await t.app.inject({ url: `/api/myOrders?email=${ann.email}`, headers: ann.bearer });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { email: string; toolsId: string }[];
    expect(list.every((o) => o.email === ann.email)).toBe(true);
    expect(list[0]?.toolsId).toBe(b.id);
    expect(list[1]?.toolsId).toBe(a.id);
    const other = await t.app.inject({ url: `/api/myOrders?email=${ann.email}`, headers: bob.bearer });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/myOrders?email=${ann.email}` })).statusCode).toBe(401);
  });

  it('shows one order to its owner and to admins, to no one else', async () => {
    const tool = await newTool();
    const { insertedId } = (await buy(ann, order(tool.id, 10))).json();
    expect((await t.app.inject({ url: `/api/myOrder/${insertedId}`, headers: ann.bearer })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/myOrder/${insertedId}`, headers: bob.bearer })).statusCode).toBe(
      404,
    );
    const admin = await signUp(t.app, 'adm');
    await promote(t.db, CLI, admin.email);
    expect(
      (await t.app.inject({ url: `/api/myOrder/${insertedId}`, headers: admin.bearer })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/myOrder/:id', () => {
  it('cancels the owner’s unpaid order once, returning its stock', async () => {
    const tool = await newTool(100, 10);
    const { insertedId } = (await buy(ann, order(tool.id, 30))).json();
    expect(await stockOf(tool.id)).toBe(70);

    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: bob.bearer,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await stockOf(tool.id)).toBe(70);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: ann.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(100);
    // The customer is told, in place of the 'order placed' mail's live "Pay for your order".
    const mailed = (await cancelMails(ann.email)).filter(
      (m) => (m.data as { orderId: string }).orderId === insertedId,
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.data).toMatchObject({ orderId: insertedId, toolId: tool.id, quantity: 30 });
    expect(await cancelMails(bob.email)).toHaveLength(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: ann.bearer,
    });
    // A second Cancel (a double click, another tab) is told the order is cancelled, not that it never was.
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'order_cancelled',
      message: 'This order is already cancelled.',
    });
    expect(await stockOf(tool.id)).toBe(100);
    const strangerAgain = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: bob.bearer,
    });
    expect(strangerAgain.statusCode).toBe(404);
    expect(
      (await cancelMails(ann.email)).filter((m) => (m.data as { orderId: string }).orderId === insertedId),
    ).toHaveLength(1);
    const list = (
      await t.app.inject({ url: `/api/myOrders?email=${ann.email}`, headers: ann.bearer })
    ).json();
    expect(list.map((o: { _id: string }) => o._id)).not.toContain(insertedId);
    // The customer may order the tool again.
    expect((await buy(ann, order(tool.id, 10))).json().acknowledged).toBe(true);
  });

  it('cancels when sent with a JSON content type and no body, as clients that always set it do', async () => {
    const tool = await newTool(100, 10);
    const { insertedId } = (await buy(ann, order(tool.id, 10))).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: { ...ann.bearer, 'content-type': 'application/json' },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { acknowledged: true, deletedCount: 1 }]);
    // A body that is there must still be JSON.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...ann.bearer, 'content-type': 'application/json' },
      payload: '{"toolsId":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses to cancel a paid order with 409', async () => {
    const tool = await newTool(100, 10);
    const { insertedId } = (await buy(ann, order(tool.id, 10))).json();
    await t.db
      .update(orders)
      .set({ paid: true, transactionId: `pi_test_${randomUUID()}` })
      .where(eq(orders.id, insertedId));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/myOrder/${insertedId}`,
      headers: ann.bearer,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_paid');
    expect(await stockOf(tool.id)).toBe(90);
  });
});

describe('concurrency', () => {
  it('sells exactly the stock to 500 concurrent buyers of 100 units', { timeout: 120_000 }, async () => {
    const tool = await newTool(100, 1);
    const buyers = await createSessions(t.db, 500, 'load');
    const results = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: { authorization: `Bearer ${b.token}` },
          payload: order(tool.id, 1),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(400);
    expect(await stockOf(tool.id)).toBe(0);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.toolId, tool.id));
    expect(row?.n).toBe(100);
  });
});

describe('the hold on unpaid orders', () => {
  it('cancels unpaid orders older than the hold and returns their stock, once', async () => {
    const tool = await newTool(100, 10);
    const old = (await buy(ann, order(tool.id, 20))).json().insertedId;
    const fresh = (await buy(bob, order(tool.id, 15))).json().insertedId;
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000), payBy: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, old));
    expect(await stockOf(tool.id)).toBe(65);

    // Two instances running the job at the same moment cancel each order once.
    const [a, b] = await Promise.all([
      expireUnpaidOrders(t.db, createSandboxGateway(t.db)),
      expireUnpaidOrders(t.db, createSandboxGateway(t.db)),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await stockOf(tool.id)).toBe(85);
    expect(await expireUnpaidOrders(t.db, createSandboxGateway(t.db))).toBe(0);
    expect(await stockOf(tool.id)).toBe(85);
    const [gone] = await t.db.select().from(orders).where(eq(orders.id, old));
    expect(gone?.cancelledAt).not.toBeNull();
    const [kept] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, fresh)));
    expect(kept?.cancelledAt).toBeNull();
  });
});
