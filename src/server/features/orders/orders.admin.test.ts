import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount, signUpAdmin } from '#tests/fixtures/accounts.ts';
import { createOrder, createPaidOrder } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders } from '#server/db/schema.ts';

const ADMIN = 'chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Chief Admin', email: ADMIN, password: 'correct horse battery' });
});
afterAll(async () => t.close());

/** An order of a customer of its own, paid or not. */
async function placeOrder(paid: boolean) {
  const buyer = await signUp(t.app, 'buy');
  return (await (paid ? createPaidOrder : createOrder)(t.db, buyer)).id;
}

describe('manage orders', () => {
  it('lists every live order for an admin', async () => {
    const id = await placeOrder(false);
    const res = await t.call('GET', '/api/allOrders', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { _id: string }) => o._id)).toContain(id);
  });

  it.each([
    ['no shiftNow', {}],
    ['shiftNow false', { shiftNow: false }],
  ])('refuses a shiftNow with %s, naming the field and what it must be', async (_what, payload) => {
    const id = await placeOrder(true);
    const res = await t.call('PATCH', `/api/shiftNow/${id}`, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Some fields are not valid.',
        fields: { shiftNow: 'Must be true' },
      },
    });
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.shiftNow).toBe(false);
  });

  it('answers an order id of over 100 characters as any id that names no order', async () => {
    const res = await t.call('PATCH', `/api/shiftNow/${'a'.repeat(101)}`, admin, { shiftNow: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such order.' } });
  });

  it('marks a paid order ready for shipping once, and records who did it', async () => {
    const id = await placeOrder(true);
    const res = await t.call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(
      (await t.call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true })).json().modifiedCount,
    ).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.shiftNow).toBe(true);
    const audit = (await t.call('GET', '/api/admin/audit?limit=100', admin)).json().items;
    expect(audit[0]).toMatchObject({ actorEmail: ADMIN, action: 'order.ship', target: id });
  });

  it('refuses to ship an unpaid order (409), to reverse shipping (400) and unknown orders (404)', async () => {
    const unpaid = await placeOrder(false);
    const res = await t.call('PATCH', `/api/shiftNow/${unpaid}`, admin, { shiftNow: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_unpaid');
    expect((await t.call('PATCH', `/api/shiftNow/${unpaid}`, admin, { shiftNow: false })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call('PATCH', `/api/shiftNow/${randomUUID()}`, admin, { shiftNow: true })).statusCode,
    ).toBe(404);
    expect((await t.db.select().from(orders).where(eq(orders.id, unpaid)))[0]?.shiftNow).toBe(false);
  });
});
