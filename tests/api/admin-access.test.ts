import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createPaidOrder } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, tools } from '#server/db/schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

const newTool = {
  name: 'Torque MX-9 Mixer Drill',
  minimumOrder: 5,
  availableQuantity: 250,
  price: 149.99,
  img: '/images/tools/cordless-drill-driver.svg',
  description: 'A paddle mixer for mortar and plaster that keeps going all day.',
};

describe('every admin call answers 401 to anonymous callers and 403 to customers', () => {
  const calls: [
    string,
    'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    (id: string) => string,
    object | undefined,
  ][] = [
    ['all orders', 'GET', () => '/api/allOrders', undefined],
    ['ship', 'PATCH', (id) => `/api/shiftNow/${id}`, { shiftNow: true }],
    ['add tool', 'POST', () => '/api/addTool', newTool],
    ['users', 'GET', () => `/api/users?email=${ann?.email}`, undefined],
    ['make admin', 'PUT', () => `/api/user/admin/${ann?.email}`, undefined],
    ['delete tool', 'DELETE', (id) => `/api/tool/${id}`, undefined],
    ['audit', 'GET', () => '/api/admin/audit', undefined],
  ];
  it.each(calls)('%s', async (_name, method, url, payload) => {
    const id = (await createPaidOrder(t.db, ann)).id;
    const [tool] = await t.db.select().from(tools).limit(1);
    const target = method === 'DELETE' ? tool!.id : id;
    const anonymous = await t.call(method, url(target), undefined, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const customer = await t.call(method, url(target), ann, payload);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('forbidden');
    // Nothing changed.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.shiftNow).toBe(false);
    expect((await t.db.select().from(tools).where(eq(tools.id, tool!.id)))[0]?.archivedAt).toBeNull();
    expect((await t.call('GET', `/api/admin/${ann.email}`, ann)).json()).toEqual({ admin: false });
  });
});
