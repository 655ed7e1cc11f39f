import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder, createPaidOrder, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, revenueDays } from '#server/db/schema.ts';

// GET /api/admin/orders, /api/admin/orders.csv, /api/admin/users and /api/admin/overview.

const ADMIN = 'lists-chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
const ids = {} as Record<'unpaid' | 'paid' | 'shipped' | 'cancelled' | 'refunded' | 'formula', string>;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Lists Chief', email: ADMIN, password: 'correct horse battery' });
  buyer = await signUp(t.app, 'mixedcase');
  other = await signUp(t.app, 'other');
  const drill = await createTool(t.db, { name: 'Zephyr Hammer Drill', priceCents: 1250 });
  const saw = await createTool(t.db, { name: 'Quiet 100% Saw', priceCents: 999 });
  // Oldest first, a second apart, so that "newest first" has one answer.
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));
  ids.unpaid = (await createOrder(t.db, buyer, { createdAt: at(1) }, drill)).id;
  ids.paid = (await createPaidOrder(t.db, buyer, { createdAt: at(2), paidAt: new Date() }, saw)).id;
  ids.shipped = (await createPaidOrder(t.db, other, { createdAt: at(3), shiftNow: true }, drill)).id;
  ids.cancelled = (await createOrder(t.db, other, { createdAt: at(4), cancelledAt: new Date() }, saw)).id;
  ids.refunded = (
    await createPaidOrder(t.db, other, { createdAt: at(5), paidAt: new Date(), refundedAt: new Date() }, saw)
  ).id;
  // A buyer whose name a spreadsheet would run as a formula.
  ids.formula = (
    await createOrder(t.db, other, { createdAt: at(6), name: '=HYPERLINK("http://evil.example")' }, drill)
  ).id;
});
afterAll(async () => t.close());

const page = async (query: string, who: TestAccount = admin) => {
  const res = await t.call('GET', `/api/admin/orders${query}`, who);
  return {
    res,
    body: res.json() as {
      items: { _id: string; status: string }[];
      nextCursor: string | null;
      total: number;
      totalCapped: boolean;
    },
  };
};

describe('GET /api/admin/orders', () => {
  it('lists live orders newest first, with their status, and says how many', async () => {
    const { res, body } = await page('');
    expect(res.statusCode).toBe(200);
    expect(body.items.map((o) => o._id)).toEqual([
      ids.formula,
      ids.refunded,
      ids.shipped,
      ids.paid,
      ids.unpaid,
    ]);
    expect(body.items.map((o) => o.status)).toEqual(['unpaid', 'refunded', 'shipped', 'paid', 'unpaid']);
    expect(body).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });
  });

  it('filters by each status, cancelled ones too', async () => {
    for (const status of ['unpaid', 'paid', 'shipped', 'cancelled', 'refunded'] as const) {
      const { body } = await page(`?status=${status}`);
      expect(body.items.every((o) => o.status === status)).toBe(true);
      if (status !== 'unpaid') expect(body.items.map((o) => o._id)).toEqual([ids[status]]);
    }
    expect((await page('?status=unpaid')).body.total).toBe(2);
  });

  it("finds orders by the buyer's email, name or product, in any case", async () => {
    const byEmail = await page(`?q=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(byEmail.body.items.map((o) => o._id)).toEqual([ids.paid, ids.unpaid]);
    expect((await page('?q=MixedCase')).body.items.map((o) => o._id)).toEqual([ids.paid, ids.unpaid]);
    // Spaces run together as one, as typed in a hurry.
    expect((await page('?q=%20hammer%20%20DRILL')).body.total).toBe(
      (await page('?q=hammer%20drill')).body.total,
    );
    const byProduct = await page('?q=hammer%20DRILL');
    expect(byProduct.body.items.map((o) => o._id)).toEqual([ids.formula, ids.shipped, ids.unpaid]);
    expect(byProduct.body.total).toBe(3);
    const both = await page('?q=zephyr&status=shipped');
    expect(both.body.items.map((o) => o._id)).toEqual([ids.shipped]);
  });

  it('finds an order by the reference its buyer quotes: its number, receipt number or transaction id', async () => {
    const [paid] = await t.db
      .update(orders)
      .set({ receiptNumber: 4242 })
      .where(eq(orders.id, ids.paid))
      .returning();
    const found = async (q: string) =>
      (await page(`?q=${encodeURIComponent(q)}`)).body.items.map((o) => o._id);
    for (const q of [ids.paid, ids.paid.toUpperCase(), `#${ids.paid.slice(0, 8)}`, ids.paid.slice(0, 6)]) {
      expect(await found(q), q).toEqual([ids.paid]);
    }
    expect(await found('R-004242')).toEqual([ids.paid]);
    expect(await found(paid!.transactionId!)).toEqual([ids.paid]);
    // With a status, the reference is found among that status's orders only.
    expect((await page(`?q=${ids.paid.slice(0, 8)}&status=shipped`)).body.items).toEqual([]);
  });

  it('takes % and _ in a search as themselves', async () => {
    expect((await page('?q=100%25')).body.items.map((o) => o._id)).toEqual([ids.refunded, ids.paid]);
    expect((await page('?q=1_0')).body.items).toEqual([]);
  });

  it('pages by cursor without losing or repeating an order', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const { res, body } = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      expect(body.total).toBe(5);
      seen.push(...body.items.map((o) => o._id));
      cursor = body.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([ids.formula, ids.refunded, ids.shipped, ids.paid, ids.unpaid]);
  });

  it('answers a cursor past the oldest order with no orders and the count', async () => {
    const before2000 = Buffer.from(
      JSON.stringify(['2000-01-01 00:00:00+00', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    const { res, body } = await page(`?cursor=${before2000}`);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ items: [], nextCursor: null, total: 5, totalCapped: false });
    const shipped = await page(`?status=shipped&cursor=${before2000}`);
    expect(shipped.body).toEqual({ items: [], nextCursor: null, total: 1, totalCapped: false });
  });

  it('refuses a cursor it did not give, an unknown status and a limit out of range (400)', async () => {
    for (const query of [
      '?cursor=nope',
      `?cursor=${Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', ids.paid])).toString('base64url')}`,
      `?cursor=${Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', 'not-a-uuid'])).toString('base64url')}`,
      '?status=lost',
      '?limit=0',
      '?limit=101',
    ]) {
      const { res } = await page(query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers admins only', async () => {
    expect((await page('', buyer)).res.statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/orders')).statusCode).toBe(401);
  });
});

/** `count` paid orders of one new tool, a second apart from 2025-01-01, by one buyer. */
async function paidOrdersOf(toolName: string, prefix: string, count: number) {
  const tool = await createTool(t.db, { name: toolName });
  const [account] = await t.db.select().from(orders).where(eq(orders.id, ids.unpaid));
  await t.db.execute(sql`
    insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, paid, transaction_id, created_at)
    select ${tool.id}, ${account!.userId}, 'Batch Buyer', 'batch@example.com', '1', 'x', ${tool.name}, 100, '/x.svg', 1,
      true, ${`pi_${prefix}_`} || n, timestamptz '2025-01-01' + make_interval(secs => n)
    from generate_series(1, ${count}) n`);
}

describe('GET /api/admin/orders.csv', () => {
  it('answers every order of the filter as CSV, a header first, formulas kept as text', async () => {
    const res = await t.call('GET', '/api/admin/orders.csv?q=zephyr', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    // A byte-order mark first: Excel reads the file as UTF-8.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Order Id","Created","Buyer Name","Email","Phone","Address","Product Name","Unit Price","Quantity","Total","Status","Transaction Id"',
    );
    expect(lines.slice(1).map((l) => l.slice(1, 37))).toEqual([ids.formula, ids.shipped, ids.unpaid]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[3]).toContain(
      `"${buyer.email}","555 0100","1 Test Road","Zephyr Hammer Drill","12.50","3","37.50","unpaid",""`,
    );
  });

  it('reads past one batch of rows', async () => {
    await paidOrdersOf('Batch Tester Sander', 'batch', 2500);
    const res = await t.call('GET', '/api/admin/orders.csv?q=batch%20tester', admin);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines.length).toBe(2501);
    expect(new Set(lines.slice(1).map((l) => l.slice(1, 37))).size).toBe(2500);
    // Past 100 matches the total says "more than" rather than counting them all, on the first page
    // and after a cursor alike.
    const listed = await page('?q=batch%20tester&status=paid&limit=100');
    expect(listed.body).toMatchObject({ total: 100, totalCapped: true });
    expect(listed.body.items).toHaveLength(100);
    const next = await page(`?q=batch%20tester&status=paid&limit=100&cursor=${listed.body.nextCursor}`);
    expect(next.body).toMatchObject({ total: 100, totalCapped: true });
    expect(next.body.items[0]!._id).not.toBe(listed.body.items[99]!._id);
  });

  it("GET /api/allOrders (SPEC's) sends every live order past one batch, newest first, written as it is read", async () => {
    await paidOrdersOf('All Orders Planer', 'every', 1200);
    const live = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.cancelledAt} is null`)
      .orderBy(sql`${orders.createdAt} desc, ${orders.id} desc`);
    expect(live.length).toBeGreaterThan(1200);
    const res = await t.call('GET', '/api/allOrders', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Streamed, a batch at a time: its length is not known before the last batch is read.
    expect(res.headers['content-length']).toBeUndefined();
    const all = res.json() as { _id: string; status: string; productName: string }[];
    expect(all.map((o) => o._id)).toEqual(live.map((o) => o.id));
    expect(all.find((o) => o._id === ids.shipped)).toMatchObject({
      status: 'shipped',
      productName: 'Zephyr Hammer Drill',
    });
  });

  it('finds one buyer among hundreds that match, and every order of a word hundreds of buyers share', async () => {
    const tool = await createTool(t.db, { name: 'Crowd Impact Driver' });
    const [account] = await t.db.select().from(orders).where(eq(orders.id, ids.unpaid));
    // 300 buyers named alike (more than a search reads by email), one order each, and buyer 7
    // ordering once more under another name.
    await t.db.execute(sql`
      insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, paid, transaction_id, created_at)
      select ${tool.id}, ${account!.userId}, 'Crowd Member ' || n, 'crowd' || n || '@acme.co.uk', '1', 'x', ${tool.name}, 100, '/x.svg', 1,
        true, 'pi_crowd_' || n, timestamptz '2024-01-01' + make_interval(secs => n)
      from generate_series(1, 300) n`);
    await t.db.execute(sql`
      insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, paid, transaction_id, created_at)
      values (${tool.id}, ${account!.userId}, 'Jo Renamed', 'crowd7@acme.co.uk', '1', 'x', ${tool.name}, 100, '/x.svg', 1,
        true, 'pi_crowd_renamed', timestamptz '2024-06-01')`);
    const one = await page('?q=CROWD7%40acme.co.uk');
    expect(one.body.total).toBe(2);
    expect((await page('?q=crowd%20member%207')).body.total).toBe(11); // 7, 70-79
    expect((await page('?q=jo%20renamed')).body.total).toBe(1);
    const crowd = await page('?q=acme.co.uk&status=paid&limit=100');
    expect(crowd.body).toMatchObject({ total: 100, totalCapped: true });
    const all = await t.call('GET', '/api/admin/orders.csv?q=crowd&status=paid', admin);
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 301);
    expect((await page('?q=crowd%20impact&status=unpaid')).body.items).toEqual([]);
    // An order whose buyer is changed is found by the new one.
    await t.db.execute(
      sql`update orders set email = 'moved@acme.co.uk' where transaction_id = 'pi_crowd_renamed'`,
    );
    expect((await page('?q=moved%40acme')).body.total).toBe(1);
    expect((await page('?q=CROWD7%40acme.co.uk')).body.total).toBe(1);
  });

  it('answers admins only', async () => {
    expect((await t.call('GET', '/api/admin/orders.csv', buyer)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('pages accounts newest first and finds them by name or email', async () => {
    const seen: { email: string; role: string }[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await t.call('GET', `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      expect(body.totalCapped).toBe(false);
      seen.push(...body.items);
      cursor = body.nextCursor;
    }
    const emails = seen.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((e) => [ADMIN, buyer.email, other.email].includes(e))).toEqual([
      other.email,
      buyer.email,
      ADMIN,
    ]);
    expect(seen.find((u) => u.email === ADMIN)?.role).toBe('admin');
    const found = (await t.call('GET', '/api/admin/users?q=MIXEDcase', admin)).json();
    expect(found).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ email: buyer.email, role: 'user' }],
    });
    expect((await t.call('GET', '/api/admin/users?cursor=%21', admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/users', buyer)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/overview', () => {
  it("puts a paid order's total on today's bar, and counts orders to ship, unpaid orders, low stock", async () => {
    const before = (await t.call('GET', '/api/admin/overview', admin)).json();
    expect(before.revenueByDay).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.revenueByDay.at(-1).day).toBe(today);
    const scarce = await createTool(t.db, { name: 'Scarce Planer', minimumOrder: 5, availableQuantity: 9 });
    await createPaidOrder(t.db, other, { paidAt: new Date(), quantity: 4 }, { priceCents: 1999 });

    const res = await t.call('GET', '/api/admin/overview', admin);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.revenueByDay.at(-1).cents - before.revenueByDay.at(-1).cents).toBe(4 * 1999);
    expect(after.ordersToShip).toBe(before.ordersToShip + 1);
    expect(after.unpaidOrders).toBe(before.unpaidOrders);
    expect(after.lowStock.map((tool: { _id: string }) => tool._id)).toContain(scarce.id);
    expect((await t.call('GET', '/api/admin/overview', buyer)).statusCode).toBe(403);
  });

  it('lists low stock by name as it reads, whatever the case or accents (decision 029)', async () => {
    for (const name of ['Zeta scarce saw', 'élan scarce drill', 'Bench scarce vise']) {
      await createTool(t.db, { name, minimumOrder: 5, availableQuantity: 1 });
    }
    const { lowStock } = (await t.call('GET', '/api/admin/overview', admin)).json();
    const names = (lowStock as { name: string }[])
      .map((tool) => tool.name)
      .filter((n) => n.includes('scarce'));
    expect(names).toEqual(['Bench scarce vise', 'élan scarce drill', 'Zeta scarce saw']);
  });

  it('leaves refunded orders out of the revenue', async () => {
    const body = (await t.call('GET', '/api/admin/overview', admin)).json();
    const today = body.revenueByDay.at(-1).cents;
    // The paid saw (999 × 3) and the order above; the refunded saw is not counted.
    expect(today).toBe(999 * 3 + 4 * 1999);
  });
  it("keeps each day's revenue equal to the sum over the orders paid that day, through payments, refunds and racing payments", async () => {
    const card = {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    };
    const call = (url: string, who: TestAccount, payload?: object) => t.call('POST', url, who, payload);
    const level = await createTool(t.db, { name: 'Laser Level', priceCents: 4321, availableQuantity: 100 });
    const payers = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(t.app, `payer${n}`)));
    // Five buyers pay at once (quantities 1..5), as the store's page does.
    const paid = await Promise.all(
      payers.map(async (who, i) => {
        const bought = await call('/api/purchase', who, {
          toolsId: level.id,
          phone: '555 0100',
          address: '1 Road',
          quantity: i + 1,
        });
        const id = bought.json().insertedId as string;
        const { clientSecret } = (await call('/api/create-payment-intent', who, { orderId: id })).json();
        const confirmed = await call('/api/payments/sandbox/confirm', who, { clientSecret, card });
        const res = await t.call('PATCH', `/api/order/${id}`, who, {
          appointment: id,
          transactionId: confirmed.json().id,
        });
        expect(res.statusCode).toBe(200);
        return id;
      }),
    );
    expect((await call(`/api/order/${paid[1]}/refund`, admin)).statusCode).toBe(200);
    expect((await t.call('PATCH', `/api/shiftNow/${paid[2]}`, admin, { shiftNow: true })).statusCode).toBe(
      200,
    );
    // An order paid three days ago moves its money to that day.
    await t.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '3 days'` })
      .where(eq(orders.id, paid[0]!));

    const sums = (await t.db.execute(sql`
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(product_price_cents * quantity)::text as cents
      from orders where paid and paid_at is not null and refunded_at is null group by 1`)) as unknown as {
      rows: { day: string; cents: string }[];
    };
    const byDay = new Map(sums.rows.map((r) => [r.day, Number(r.cents)]));
    const { revenueByDay } = (await t.call('GET', '/api/admin/overview', admin)).json() as {
      revenueByDay: { day: string; cents: number }[];
    };
    expect(revenueByDay).toEqual(revenueByDay.map(({ day }) => ({ day, cents: byDay.get(day) ?? 0 })));
    // The kept totals are the sums over orders on every day, not only the chart's 30.
    const kept = await t.db.select().from(revenueDays);
    expect(new Map(kept.filter((r) => r.cents !== 0).map((r) => [r.day, r.cents]))).toEqual(byDay);
    const today = revenueByDay.at(-1)!;
    // Today: the earlier tests' 999 × 3 + 4 × 1999, and the levels paid today but not refunded.
    expect(today.cents).toBe(999 * 3 + 4 * 1999 + 4321 * (3 + 4 + 5));
    expect(revenueByDay.at(-4)!.cents).toBe(4321);
  });
});
