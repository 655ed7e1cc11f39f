import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { payWithGoodCard } from '#tests/fixtures/payments.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

// Not the default two hours: payBy must follow the operator's ORDER_HOLD_HOURS.
const HOLD_HOURS = 1.5;
const BOSS = 'pay-by-boss@example.com';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
let boss: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ orderHoldHours: HOLD_HOURS, adminEmails: [BOSS] });
  boss = await signUpAdmin(t.app, { name: 'Boss', email: BOSS, password: 'correct horse battery' });
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

async function buy(): Promise<string> {
  const tool = await createTool(t.db, { availableQuantity: 50, minimumOrder: 1 });
  const res = await t.call('POST', '/api/purchase', ann, {
    toolsId: tool.id,
    quantity: 2,
    phone: '555 0199',
    address: '7 Elm Street, Springfield',
  });
  return res.json().insertedId as string;
}

const pay = (orderId: string) => payWithGoodCard(t, ann, orderId);

/** The order as GET /api/myOrder/{id} and as GET /api/myOrders give it to its owner. */
async function seen(id: string) {
  const one = await t.call('GET', `/api/myOrder/${id}`, ann);
  const list = await t.call('GET', `/api/myOrders?email=${encodeURIComponent(ann.email)}`, ann);
  expect([one.statusCode, list.statusCode]).toEqual([200, 200]);
  const listed = (list.json() as { _id: string }[]).find((o) => o._id === id);
  expect(listed).toEqual(one.json());
  return one.json() as { status: string; createdAt: string; payBy: string | null };
}

it('tells the customer until when an unpaid order is held: placed + ORDER_HOLD_HOURS; null once paid or refunded', async () => {
  const id = await buy();
  const unpaid = await seen(id);
  expect(unpaid.status).toBe('unpaid');
  expect(unpaid.payBy).toBe(new Date(Date.parse(unpaid.createdAt) + HOLD_HOURS * 3_600_000).toISOString());

  await pay(id);
  expect(await seen(id)).toMatchObject({ status: 'paid', payBy: null });

  expect((await t.call('POST', `/api/order/${id}/refund`, boss)).statusCode).toBe(200);
  expect(await seen(id)).toMatchObject({ status: 'refunded', payBy: null });
});

// So no customer answer carries a cancelled order's payBy.
it('a cancelled order, whose hold is over, is no longer shown to its customer', async () => {
  const id = await buy();
  expect((await seen(id)).payBy).toEqual(expect.any(String));
  expect((await t.call('DELETE', `/api/myOrder/${id}`, ann)).statusCode).toBe(200);
  expect((await t.call('GET', `/api/myOrder/${id}`, ann)).statusCode).toBe(404);
  const list = (await t.call('GET', `/api/myOrders?email=${encodeURIComponent(ann.email)}`, ann)).json();
  expect(list.map((o: { _id: string }) => o._id)).not.toContain(id);
});

it('declares payBy in the OpenAPI document: a date-time, or null', async () => {
  const doc = (await t.app.inject('/api/docs/json')).json();
  for (const path of ['/api/myOrder/{id}', '/api/myOrders']) {
    const body = doc.paths[path].get.responses['200'].content['application/json'].schema;
    const order = body.type === 'array' ? body.items : body;
    expect(order.properties.payBy).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
  }
});
