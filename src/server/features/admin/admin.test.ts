import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, tools } from '#server/db/schema.ts';

const ADMIN = 'chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signIn(
    t.app,
    { name: 'Chief Admin', email: ADMIN, password: 'correct horse battery' },
    'sign-up',
  );
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: TestAccount,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function placeOrder(paid: boolean) {
  const [tool] = await t.db.select().from(tools).limit(1);
  const buyer = await signUp(t.app, 'buy');
  const res = await call('POST', '/api/purchase', buyer, {
    toolsId: tool!.id,
    phone: '555 0101',
    address: '2 Road',
    quantity: tool!.minimumOrder,
  });
  const id = res.json().insertedId as string;
  if (paid)
    await t.db
      .update(orders)
      .set({ paid: true, transactionId: `pi_sandbox_${randomUUID()}` })
      .where(eq(orders.id, id));
  return id;
}

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
    ['audit', 'GET', () => '/api/audit', undefined],
  ];
  it.each(calls)('%s', async (_name, method, url, payload) => {
    const id = await placeOrder(true);
    const [tool] = await t.db.select().from(tools).limit(1);
    const target = method === 'DELETE' ? tool!.id : id;
    const anonymous = await call(method, url(target), undefined, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const customer = await call(method, url(target), ann, payload);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('forbidden');
    // Nothing changed.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.shiftNow).toBe(false);
    expect((await t.db.select().from(tools).where(eq(tools.id, tool!.id)))[0]?.archivedAt).toBeNull();
    expect((await call('GET', `/api/admin/${ann.email}`, ann)).json()).toEqual({ admin: false });
  });
});

describe('manage orders', () => {
  it('lists every live order for an admin', async () => {
    const id = await placeOrder(false);
    const res = await call('GET', '/api/allOrders', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { _id: string }) => o._id)).toContain(id);
  });

  it('marks a paid order ready for shipping once, and records who did it', async () => {
    const id = await placeOrder(true);
    const res = await call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true })).json().modifiedCount).toBe(
      0,
    );
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.shiftNow).toBe(true);
    const audit = (await call('GET', '/api/audit', admin)).json();
    expect(audit[0]).toMatchObject({ actorEmail: ADMIN, action: 'order.ship', target: id });
  });

  it('refuses to ship an unpaid order (409), to reverse shipping (400) and unknown orders (404)', async () => {
    const unpaid = await placeOrder(false);
    const res = await call('PATCH', `/api/shiftNow/${unpaid}`, admin, { shiftNow: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_unpaid');
    expect((await call('PATCH', `/api/shiftNow/${unpaid}`, admin, { shiftNow: false })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/shiftNow/${randomUUID()}`, admin, { shiftNow: true })).statusCode).toBe(
      404,
    );
    expect((await t.db.select().from(orders).where(eq(orders.id, unpaid)))[0]?.shiftNow).toBe(false);
  });
});

describe('products', () => {
  it('adds a tool that then shows in the catalogue, in cents underneath', async () => {
    const res = await call('POST', '/api/addTool', admin, newTool);
    expect(res.statusCode).toBe(200);
    const id = res.json().insertedId;
    const tool = (await t.app.inject(`/api/tool/${id}`)).json();
    expect(tool).toMatchObject({ ...newTool, _id: id });
    expect((await t.db.select().from(tools).where(eq(tools.id, id)))[0]?.priceCents).toBe(14999);
    expect((await t.app.inject('/api/tools')).json().map((x: { _id: string }) => x._id)).toContain(id);
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['minimumOrder 0', { minimumOrder: 0 }, 'minimumOrder'],
    ['fractional minimumOrder', { minimumOrder: 2.5 }, 'minimumOrder'],
    ['negative stock', { availableQuantity: -1 }, 'availableQuantity'],
    ['zero price', { price: 0 }, 'price'],
    ['three decimals', { price: 9.999 }, 'price'],
    ['price as text', { price: '9.99' }, 'price'],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'img'],
    ['a protocol-relative image', { img: '//evil.example/x.png' }, 'img'],
    ['an extra field', { archivedAt: null }, 'input'],
  ])('refuses a tool with %s, naming the field, and adds nothing', async (_what, change, field) => {
    const before = (await t.app.inject('/api/tools')).json().length;
    const res = await call('POST', '/api/addTool', admin, { ...newTool, ...change });
    expect(res.statusCode).toBe(400);
    if (field !== 'input') expect(res.json().error.fields).toHaveProperty(field);
    expect((await t.app.inject('/api/tools')).json()).toHaveLength(before);
  });

  it('archives a deleted tool: it leaves the catalogue, orders keep their snapshot', async () => {
    const id = (await call('POST', '/api/addTool', admin, { ...newTool, name: 'Torque Doomed Saw' })).json()
      .insertedId;
    const buyer = await signUp(t.app, 'snap');
    const orderId = (
      await call('POST', '/api/purchase', buyer, {
        toolsId: id,
        phone: '555 0102',
        address: '3 Road',
        quantity: 5,
      })
    ).json().insertedId;
    const res = await call('DELETE', `/api/tool/${id}`, admin);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call('DELETE', `/api/tool/${id}`, admin)).json().deletedCount).toBe(0);
    expect((await call('DELETE', `/api/tool/not-an-id`, admin)).json().deletedCount).toBe(0);
    expect((await t.app.inject(`/api/tool/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/myOrder/${orderId}`, buyer)).json()).toMatchObject({
      productName: 'Torque Doomed Saw',
      productPrice: 149.99,
    });
    expect((await call('GET', '/api/audit', admin)).json()[0]).toMatchObject({
      action: 'tool.delete',
      target: id,
    });
  });
});

describe('accounts', () => {
  it('lists accounts with their roles, asked with the admin’s own email', async () => {
    const res = await call('GET', `/api/users?email=${ADMIN}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ email: ADMIN, role: 'admin' }));
    expect(res.json()).toContainEqual(expect.objectContaining({ email: ann.email, role: 'user' }));
    expect((await call('GET', `/api/users?email=${ann.email}`, admin)).statusCode).toBe(403);
  });

  it('makes a customer an admin, once, with no way back', async () => {
    const kim = await signUp(t.app, 'kim');
    const res = await call('PUT', `/api/user/admin/${kim.email}`, admin);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await call('GET', `/api/admin/${kim.email}`, kim)).json()).toEqual({ admin: true });
    expect((await call('PUT', `/api/user/admin/${kim.email}`, admin)).json().modifiedCount).toBe(0);
    expect((await call('PUT', `/api/user/admin/nobody@example.com`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/audit', admin)).json()[0]).toMatchObject({
      action: 'user.promote',
      target: kim.email,
    });
  });
});
