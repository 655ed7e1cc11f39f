import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createPaidOrder, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp, testDatabaseKind } from '#tests/fixtures/test-app.ts';
import { CLI, promote } from '#server/features/accounts/accounts.service.ts';
import { auditLog, mailOutbox, orders, sandboxPaymentIntents, tools } from '#server/db/schema.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { reconcilePayments } from '#server/features/payments/payments.service.ts';
import { closeAbandonedOrders, expireUnpaidOrders, refundPendingPayments } from './orders.service.ts';

// Issue 14, DESIGN §3b "Money rules added", with the sandbox gateway: money and orders never part.

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let buyers: TestAccount[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, 'moneyadmin');
  await promote(t.db, CLI, admin.email);
  buyers = [];
  for (let i = 0; i < 10; i++) buyers.push(await signUp(t.app, `money${i}`));
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: TestAccount, payload?: object) =>
  t.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
};

async function buy(who: TestAccount, toolId: string, quantity = 1): Promise<string> {
  const res = await call('POST', '/api/purchase', who, {
    toolsId: toolId,
    phone: '555 0100',
    address: '1 Road',
    quantity,
  });
  expect(res.json()).toMatchObject({ acknowledged: true });
  return res.json().insertedId;
}
async function intentOf(who: TestAccount, orderId: string): Promise<string> {
  const res = await call('POST', '/api/create-payment-intent', who, { orderId });
  expect(res.statusCode).toBe(200);
  return res.json().clientSecret;
}
/** Pay as the page does: confirm the card, then tell the store. */
async function pay(who: TestAccount, orderId: string, clientSecret: string) {
  const confirmed = await call('POST', '/api/payments/sandbox/confirm', who, { clientSecret, card });
  if (confirmed.statusCode !== 200) return confirmed;
  return call('PATCH', `/api/order/${orderId}`, who, {
    appointment: orderId,
    transactionId: confirmed.json().id,
  });
}
async function paidOrder(who: TestAccount, toolId: string, quantity = 1) {
  const id = await buy(who, toolId, quantity);
  expect((await pay(who, id, await intentOf(who, id))).statusCode).toBe(200);
  return id;
}
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.db.select().from(tools).where(eq(tools.id, id)))[0]!.availableQuantity;
const intentRow = async (orderId: string) =>
  (await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.orderId, orderId)))[0];
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** Live orders hold stock: not cancelled, not refunded. */
async function liveQuantity(toolId: string) {
  const [row] = await t.db
    .select({ q: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
    .from(orders)
    .where(
      and(eq(orders.toolId, toolId), sql`${orders.cancelledAt} is null and ${orders.refundedAt} is null`),
    );
  return row!.q;
}

describe('cancelling an order', () => {
  it('cancels its intent, so the card can no longer be charged (409 order_closed)', async () => {
    const tool = await createTool(t.db);
    const [ann] = buyers;
    const id = await buy(ann!, tool.id);
    const secret = await intentOf(ann!, id);
    expect((await call('DELETE', `/api/myOrder/${id}`, ann!)).statusCode).toBe(200);
    expect((await intentRow(id))?.status).toBe('canceled');
    const res = await call('POST', '/api/payments/sandbox/confirm', ann!, { clientSecret: secret, card });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_closed');
    expect((await intentRow(id))?.status).toBe('canceled');
  });

  it('over 200 cancel-vs-pay races: never an order cancelled with its payment taken', async () => {
    const initial = 100_000;
    const tool = await createTool(t.db, { availableQuantity: initial });
    const races = 210;
    let paidWins = 0;
    let cancelWins = 0;
    await Promise.all(
      buyers.map(async (who, b) => {
        for (let i = b; i < races; i += buyers.length) {
          const id = await buy(who, tool.id, 1 + (i % 3));
          const secret = await intentOf(who, id);
          // The cancel starts 0–27 ms after the payment: some races go each way, some overlap.
          const [paid, cancel] = await Promise.all([
            pay(who, id, secret),
            later((i % 10) * 3).then(() => call('DELETE', `/api/myOrder/${id}`, who)),
          ]);
          if (cancel.statusCode === 200) cancelWins++;
          if (paid.statusCode === 200) paidWins++;
          // Exactly one of the two wins; the other is told why.
          expect([cancel.statusCode, paid.statusCode].sort()).toEqual([200, 409]);
        }
      }),
    );
    const [kept] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.orderId, orders.id))
      .where(and(isNotNull(orders.cancelledAt), eq(sandboxPaymentIntents.status, 'succeeded')));
    const stockOk = (await stockOf(tool.id)) === initial - (await liveQuantity(tool.id));
    console.log(
      `[money] ${testDatabaseKind}: ${races} cancel-vs-pay races: ${cancelWins} cancelled, ${paidWins} paid, ` +
        `orders cancelled with money kept: ${kept!.n}, stock = initial − live orders: ${stockOk}`,
    );
    expect(kept!.n).toBe(0);
    expect(cancelWins + paidWins).toBe(races);
    expect(stockOk).toBe(true);
  }, 240_000);
});

describe('the hold expiry', () => {
  it('marks paid, never cancels, an order whose payment succeeded without the PATCH', async () => {
    const tool = await createTool(t.db, { availableQuantity: 50 });
    const [, bob] = buyers;
    const id = await buy(bob!, tool.id, 5);
    const secret = await intentOf(bob!, id);
    // The card is charged, then the tab closes: no PATCH /order.
    expect(
      (await call('POST', '/api/payments/sandbox/confirm', bob!, { clientSecret: secret, card })).statusCode,
    ).toBe(200);
    const unpaidNoIntent = await buy(buyers[2]!, tool.id, 3);
    const unpaidWithIntent = await buy(buyers[3]!, tool.id, 4);
    await intentOf(buyers[3]!, unpaidWithIntent);
    await t.db
      .update(orders)
      .set({ createdAt: ago(3), payBy: ago(1) })
      .where(sql`${orders.toolId} = ${tool.id}`);

    expect(await expireUnpaidOrders(t.db, createSandboxGateway(t.db))).toBe(2);
    expect(await orderRow(id)).toMatchObject({ paid: true, cancelledAt: null });
    expect((await orderRow(unpaidNoIntent)).cancelledAt).not.toBeNull();
    expect((await orderRow(unpaidWithIntent)).cancelledAt).not.toBeNull();
    expect((await intentRow(unpaidWithIntent))?.status).toBe('canceled');
    expect(await stockOf(tool.id)).toBe(45);
    // Each buyer whose order expired is told, once; the one who paid is not.
    const expiredMail = await t.db
      .select({ to: mailOutbox.to, data: mailOutbox.data })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order_expired'));
    const told = expiredMail.filter((m) =>
      [unpaidNoIntent, unpaidWithIntent, id].includes(m.data.orderId as string),
    );
    expect(told.map((m) => m.to).sort()).toEqual([buyers[2]!.email, buyers[3]!.email].sort());
    expect(told.find((m) => m.data.orderId === unpaidWithIntent)?.data).toMatchObject({
      toolId: tool.id,
      quantity: 4,
    });
  });
});

describe('the hold expiry racing payments', () => {
  it('200 expiry-vs-pay races: never a paid order expired', async () => {
    const initial = 100_000;
    const tool = await createTool(t.db, { availableQuantity: initial });
    const gateway = createSandboxGateway(t.db);
    const races = 200;
    let paidWins = 0;
    // One race at a time: the expiry takes every expired order, so parallel rounds would race it too.
    const who = buyers[9]!;
    for (let i = 0; i < races; i++) {
      const id = await buy(who, tool.id, 1 + (i % 3));
      const secret = await intentOf(who, id);
      await t.db
        .update(orders)
        .set({ createdAt: ago(3), payBy: ago(1) })
        .where(eq(orders.id, id));
      const [paid] = await Promise.all([
        pay(who, id, secret),
        later((i % 10) * 3).then(() => expireUnpaidOrders(t.db, gateway)),
      ]);
      if (paid.statusCode === 200) paidWins++;
      // Whichever won, the order is closed one way: the next round buys again.
      const row = await orderRow(id);
      expect(row.paid !== (row.cancelledAt !== null)).toBe(true);
    }
    const [expiredPaid] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.orderId, orders.id))
      .where(and(isNotNull(orders.cancelledAt), eq(sandboxPaymentIntents.status, 'succeeded')));
    const stockOk = (await stockOf(tool.id)) === initial - (await liveQuantity(tool.id));
    console.log(
      `[money] ${testDatabaseKind}: ${races} expiry-vs-pay races: ${paidWins} paid, ${races - paidWins} expired, ` +
        `paid orders expired: ${expiredPaid!.n}, stock = initial − live orders: ${stockOk}`,
    );
    expect(expiredPaid!.n).toBe(0);
    expect(stockOk).toBe(true);
  }, 240_000);
});

describe('the reconciliation pass', () => {
  it('settles every unpaid order whose payment succeeded, once, however many passes run at once', async () => {
    const tool = await createTool(t.db);
    const ids: string[] = [];
    for (const who of buyers.slice(0, 5)) {
      const id = await buy(who, tool.id);
      const secret = await intentOf(who, id);
      expect(
        (await call('POST', '/api/payments/sandbox/confirm', who, { clientSecret: secret, card })).statusCode,
      ).toBe(200);
      ids.push(id);
    }
    const open = await buy(buyers[5]!, tool.id);
    await intentOf(buyers[5]!, open);
    const gateway = createSandboxGateway(t.db);
    const settled = await Promise.all([1, 2, 3].map(() => reconcilePayments(t.db, gateway)));
    expect(settled.reduce((a, b) => a + b.settled, 0)).toBe(5);
    for (const id of ids) expect((await orderRow(id)).paid).toBe(true);
    expect((await orderRow(open)).paid).toBe(false);
  });

  /** An unpaid order with an intent, whose close canceled the intent and then died there. */
  async function closeCutShort(who: TestAccount, toolId: string, quantity: number) {
    const id = await buy(who, toolId, quantity);
    await intentOf(who, id);
    await createSandboxGateway(t.db).cancelIntent((await orderRow(id)).paymentIntentId!);
    expect(await orderRow(id)).toMatchObject({ paid: false, cancelledAt: null });
    return id;
  }
  const mailsAbout = async (orderId: string) =>
    (await t.db.select({ kind: mailOutbox.kind, to: mailOutbox.to, data: mailOutbox.data }).from(mailOutbox))
      .filter((m) => m.data.orderId === orderId && m.kind !== 'order_placed')
      .map((m) => [m.kind, m.to]);

  it("finishes a customer's cancel that a crash cut short after the intent was canceled: the order closes, its stock returns and its buyer is told, once", async () => {
    const tool = await createTool(t.db, { availableQuantity: 10 });
    const [ann] = buyers;
    const id = await closeCutShort(ann!, tool.id, 3);
    // Three instances' passes at once: one closes it.
    const gateway = createSandboxGateway(t.db);
    const passes = await Promise.all(
      [1, 2, 3].map(async () => {
        const { abandoned } = await reconcilePayments(t.db, gateway);
        return closeAbandonedOrders(t.db, gateway, abandoned);
      }),
    );
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await orderRow(id)).cancelledAt).not.toBeNull();
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.availableQuantity).toBe(10);
    // Within its hold only its owner closes an order: they get the mail their Cancel would have sent.
    expect(await mailsAbout(id)).toEqual([['order_cancelled', ann!.email]]);
    // The customer can buy that tool again.
    expect(await buy(ann!, tool.id, 3)).toBeTruthy();
  });

  it('finishes an expiry that a crash cut short: its buyer gets the expiry mail', async () => {
    const tool = await createTool(t.db, { availableQuantity: 10 });
    const who = buyers[1]!;
    const id = await closeCutShort(who, tool.id, 2);
    await t.db
      .update(orders)
      .set({ createdAt: ago(3), payBy: ago(1) })
      .where(eq(orders.id, id));
    const gateway = createSandboxGateway(t.db);
    const { abandoned } = await reconcilePayments(t.db, gateway);
    expect(await closeAbandonedOrders(t.db, gateway, abandoned)).toBe(1);
    expect(await stockOf(tool.id)).toBe(10);
    expect(await mailsAbout(id)).toEqual([['order_expired', who.email]]);
  });
});

describe('the total of an order', () => {
  it('is at most $999,999.99: a larger one is refused with 400 on quantity, and no stock is taken', async () => {
    const tool = await createTool(t.db, { priceCents: 100_000_000, availableQuantity: 100 });
    const [ann] = buyers;
    const res = await call('POST', '/api/purchase', ann!, {
      toolsId: tool.id,
      phone: '555 0100',
      address: '1 Road',
      quantity: 22,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ quantity: 'An order may total at most $999,999.99.' });
    expect(await stockOf(tool.id)).toBe(100);

    const top = await createTool(t.db, { priceCents: 33_333_333, availableQuantity: 100 });
    const id = await buy(ann!, top.id, 3);
    expect((await call('POST', '/api/create-payment-intent', ann!, { orderId: id })).statusCode).toBe(200);
    expect((await intentRow(id))?.amountCents).toBe(99_999_999);
  });
});

describe('POST /api/order/{id}/refund', () => {
  it('refunds a paid order in full at the gateway, returns its stock once and audits it', async () => {
    const tool = await createTool(t.db, { availableQuantity: 20 });
    const [ann] = buyers;
    const id = await paidOrder(ann!, tool.id, 4);
    expect(await stockOf(tool.id)).toBe(16);
    const res = await call('POST', `/api/order/${id}/refund`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'refunded', paid: true });
    expect(res.json().refundedAt).toEqual(expect.any(String));
    expect(await stockOf(tool.id)).toBe(20);
    expect((await intentRow(id))?.refundId).toMatch(/^re_sandbox_/);
    const again = await call('POST', `/api/order/${id}/refund`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('order_refunded');
    expect(await stockOf(tool.id)).toBe(20);
    const audit = (await call('GET', '/api/admin/audit?limit=100', admin)).json().items;
    expect(audit.find((e: { target: string }) => e.target === id)).toMatchObject({
      action: 'order.refund',
      actorEmail: admin.email,
    });
    // The customer sees it, and it can no longer ship.
    const mine = (await call('GET', `/api/myOrders?email=${ann!.email}`, ann!)).json();
    expect(mine.find((o: { _id: string }) => o._id === id)).toMatchObject({ status: 'refunded' });
    expect((await call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true })).statusCode).toBe(409);
  });

  it('refuses a shipped, unpaid or cancelled order (409), a customer (403) and a malformed id (404)', async () => {
    const tool = await createTool(t.db);
    const [ann, bob, cy] = buyers;
    const shipped = await paidOrder(ann!, tool.id);
    await call('PATCH', `/api/shiftNow/${shipped}`, admin, { shiftNow: true });
    const unpaid = await buy(bob!, tool.id);
    const cancelled = await buy(cy!, tool.id);
    expect((await call('DELETE', `/api/myOrder/${cancelled}`, cy!)).statusCode).toBe(200);
    const s = await call('POST', `/api/order/${shipped}/refund`, admin);
    expect([s.statusCode, s.json().error.code]).toEqual([409, 'order_shipped']);
    const u = await call('POST', `/api/order/${unpaid}/refund`, admin);
    expect([u.statusCode, u.json().error.code]).toEqual([409, 'order_unpaid']);
    // The customer cancelled it in another tab while the admin looked at the list.
    for (const c of [
      await call('POST', `/api/order/${cancelled}/refund`, admin),
      await call('PATCH', `/api/shiftNow/${cancelled}`, admin, { shiftNow: true }),
    ]) {
      expect([c.statusCode, c.json().error.code]).toEqual([409, 'order_cancelled']);
    }
    expect((await call('POST', `/api/order/${shipped}/refund`, ann!)).statusCode).toBe(403);
    expect((await call('POST', '/api/order/nope/refund', admin)).statusCode).toBe(404);
    expect((await orderRow(shipped)).refundedAt).toBeNull();
  });

  it('a refund the gateway could not make is asked for again by the reconciliation pass', async () => {
    // A paid order whose payment the gateway does not know yet: the refund is recorded, the money waits.
    const order = await createPaidOrder(t.db, buyers[8]!);
    const res = await call('POST', `/api/order/${order.id}/refund`, admin);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    expect((await orderRow(order.id)).refundId).toBeNull();
    // The gateway is reachable again: the next pass returns the money, once.
    await t.db.insert(sandboxPaymentIntents).values({
      id: order.transactionId!,
      clientSecret: `${order.transactionId}_secret_x`,
      orderId: order.id,
      amountCents: order.productPriceCents * order.quantity,
      currency: 'usd',
      status: 'succeeded',
    });
    const gateway = createSandboxGateway(t.db);
    expect(await refundPendingPayments(t.db, gateway)).toBe(1);
    expect((await orderRow(order.id)).refundId).toBe((await intentRow(order.id))?.refundId);
    expect(await refundPendingPayments(t.db, gateway)).toBe(0);
  });

  it('the database refuses a refund of an unpaid or shipped order, whatever the code does', async () => {
    const tool = await createTool(t.db);
    const unpaid = await buy(buyers[6]!, tool.id);
    await expect(
      t.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, unpaid)),
    ).rejects.toThrow();
    const shipped = await paidOrder(buyers[7]!, tool.id);
    await t.db.update(orders).set({ shiftNow: true }).where(eq(orders.id, shipped));
    await expect(
      t.db.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, shipped)),
    ).rejects.toThrow();
  });

  it('200 races of two refunds and a shipment: exactly one outcome each, never a refund twice', async () => {
    const initial = 100_000;
    const tool = await createTool(t.db, { availableQuantity: initial });
    const races = 200;
    const ids: string[] = [];
    await Promise.all(
      buyers.map(async (who, b) => {
        for (let i = b; i < races; i += buyers.length) ids.push(await paidOrder(who, tool.id, 1 + (i % 3)));
      }),
    );
    let refunded = 0;
    let shipped = 0;
    for (let i = 0; i < ids.length; i += 20) {
      await Promise.all(
        ids.slice(i, i + 20).map(async (id, k) => {
          // Staggered starts, so that the shipment wins some races and the refunds others.
          const [a, b, ship] = await Promise.all([
            later((k % 5) * 5).then(() => call('POST', `/api/order/${id}/refund`, admin)),
            later(((k + 3) % 5) * 5 + 1).then(() => call('POST', `/api/order/${id}/refund`, admin)),
            later(((k + 1) % 5) * 5).then(() =>
              call('PATCH', `/api/shiftNow/${id}`, admin, { shiftNow: true }),
            ),
          ]);
          const refunds = [a, b].filter((r) => r.statusCode === 200).length;
          const ships = ship.statusCode === 200 && ship.json().modifiedCount === 1 ? 1 : 0;
          expect(refunds + ships).toBe(1);
          refunded += refunds;
          shipped += ships;
        }),
      );
    }
    const twice = await t.db
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'order.refund'))
      .groupBy(auditLog.target)
      .having(sql`count(*) > 1`);
    const [atGateway] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxPaymentIntents)
      .innerJoin(orders, eq(orders.id, sandboxPaymentIntents.orderId))
      .where(and(eq(orders.toolId, tool.id), isNotNull(sandboxPaymentIntents.refundId)));
    const stockOk = (await stockOf(tool.id)) === initial - (await liveQuantity(tool.id));
    console.log(
      `[money] ${testDatabaseKind}: ${races} refund races (2 refunds + 1 ship each): ${refunded} refunded, ` +
        `${shipped} shipped, refunds twice: ${twice.length}, refunds at the gateway: ${atGateway!.n}, ` +
        `stock = initial − live orders: ${stockOk}`,
    );
    expect(refunded + shipped).toBe(races);
    expect(twice).toHaveLength(0);
    expect(atGateway!.n).toBe(refunded);
    expect(stockOk).toBe(true);
  }, 240_000);
});
