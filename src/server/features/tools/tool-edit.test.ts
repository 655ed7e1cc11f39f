import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createSessions, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, tools } from '#server/db/schema.ts';

const ADMIN = 'editor@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let buyer: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Edna Editor', email: ADMIN, password: 'correct horse battery' });
  buyer = await signUp(t.app, 'edit-buyer');
});
afterAll(async () => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ n: tools.availableQuantity }).from(tools).where(eq(tools.id, id)))[0]!.n;
const edit = (id: string, body: object, who: TestAccount = admin) =>
  t.call('PATCH', `/api/tool/${id}`, who, body);

describe('PATCH /api/tool/{id}', () => {
  it('refuses a price or minimum order whose minimum order would total more than an order may, and changes nothing', async () => {
    const tool = await createTool(t.db, { priceCents: 2500, minimumOrder: 40 });
    const price = await edit(tool.id, { price: 30_000 });
    expect(price.statusCode).toBe(400);
    expect(price.json().error.fields).toEqual({
      price: 'The minimum order would total more than $999,999.99, the most one order may',
    });
    const minimum = await edit(tool.id, { minimumOrder: 400_000 });
    expect(minimum.statusCode).toBe(400);
    expect(Object.keys(minimum.json().error.fields)).toEqual(['minimumOrder']);
    expect((await t.app.inject(`/api/tool/${tool.id}`)).json()).toMatchObject({
      price: 25,
      minimumOrder: 40,
    });
    // Added so, it is refused too.
    const added = await t.call('POST', '/api/addTool', admin, {
      name: 'Torque Dear Press',
      minimumOrder: 40,
      availableQuantity: 100,
      price: 30_000,
      img: '/images/tools/press-tool.svg',
      description: 'Too dear to order.',
    });
    expect(added.statusCode).toBe(400);
    expect(Object.keys(added.json().error.fields)).toEqual(['price']);
  });

  it('changes the fields given, answers the tool, shows it at once, and leaves orders their price', async () => {
    const tool = await createTool(t.db, { name: 'Torque Old Name Saw', priceCents: 2500, category: 'saws' });
    const orderId = (
      await t.call('POST', '/api/purchase', buyer, {
        toolsId: tool.id,
        phone: '555 0102',
        address: '3 Road',
        quantity: 2,
      })
    ).json().insertedId;
    // The public answer is cached: the edit must reach it.
    expect((await t.app.inject(`/api/tool/${tool.id}`)).json().price).toBe(25);

    const res = await edit(tool.id, { price: 31.5, name: 'Torque New Name Saw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: tool.id,
      name: 'Torque New Name Saw',
      price: 31.5,
      img: tool.img,
      description: tool.description,
      minimumOrder: 1,
      availableQuantity: 998,
      category: 'saws',
    });
    expect((await t.app.inject(`/api/tool/${tool.id}`)).json()).toMatchObject({
      name: 'Torque New Name Saw',
      price: 31.5,
      category: 'saws',
    });
    expect((await t.call('GET', `/api/myOrder/${orderId}`, buyer)).json()).toMatchObject({
      productName: 'Torque Old Name Saw',
      productPrice: 25,
    });
    expect((await t.call('GET', '/api/admin/audit?limit=100', admin)).json().items[0]).toMatchObject({
      action: 'tool.edit',
      target: tool.id,
      details: {
        name: 'Torque New Name Saw',
        changes: {
          price: { from: 25, to: 31.5 },
          name: { from: 'Torque Old Name Saw', to: 'Torque New Name Saw' },
        },
      },
    });
  });

  it('restocks: a buyer may then take more than the old stock', async () => {
    const tool = await createTool(t.db, { availableQuantity: 5 });
    const buy = () =>
      t.call('POST', '/api/purchase', buyer, {
        toolsId: tool.id,
        phone: '555 0102',
        address: '3 Road',
        quantity: 40,
      });
    expect((await buy()).statusCode).toBe(409);
    expect((await edit(tool.id, { availableQuantity: 100 })).json().availableQuantity).toBe(100);
    expect((await buy()).json().acknowledged).toBe(true);
    expect(await stockOf(tool.id)).toBe(60);
  });

  it.each([
    ['nothing to change', {}],
    ['an empty name', { name: ' ' }],
    ['minimumOrder 0', { minimumOrder: 0 }],
    ['negative stock', { availableQuantity: -1 }],
    ['fractional stock', { availableQuantity: 1.5 }],
    ['three decimals', { price: 9.999 }],
    ['a price a hair under a cent', { price: 19.999999999 }],
    ['a bell in the name', { name: 'Saw\u0007' }],
    ['an escape in the description', { description: '\u001b[31mRed' }],
    ['price as text', { price: '9.99' }],
    ['a javascript: image', { img: 'javascript:alert(1)' }],
    ['an unknown category', { category: 'lawnmowers' }],
    ['a field of its own', { archivedAt: null }],
    ['a field that is not the API’s', { priceCents: 1 }],
  ])('refuses %s (400) and changes nothing', async (_what, body) => {
    const tool = await createTool(t.db);
    const res = await edit(tool.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect((await t.app.inject(`/api/tool/${tool.id}`)).json()).toMatchObject({
      name: tool.name,
      price: 25,
      availableQuantity: 1000,
      minimumOrder: 1,
      category: 'other',
    });
  });

  it('answers 404 for an unknown, malformed or deleted tool', async () => {
    const tool = await createTool(t.db);
    await t.call('DELETE', `/api/tool/${tool.id}`, admin);
    for (const id of [randomUUID(), 'not-an-id', tool.id]) {
      const res = await edit(id, { price: 10 });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.db.select().from(tools).where(eq(tools.id, tool.id)))[0]?.priceCents).toBe(2500);
  });

  it('is for admins only', async () => {
    const tool = await createTool(t.db);
    expect((await t.call('PATCH', `/api/tool/${tool.id}`, undefined, { price: 1 })).statusCode).toBe(401);
    expect((await edit(tool.id, { price: 1 }, buyer)).statusCode).toBe(403);
    expect(await stockOf(tool.id)).toBe(1000);
  });
});

describe('PATCH /api/tool/{id} with If-Match: two admins editing one product', () => {
  const editIf = (id: string, body: object, ifMatch: string, who: TestAccount = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${id}`,
      headers: { ...who.bearer, 'if-match': ifMatch },
      payload: body,
    });
  /** What an admin's Edit page opens with: the tool and its ETag. */
  const open = async (id: string) => {
    const res = await t.app.inject(`/api/tool/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    return { tool: res.json(), etag: String(res.headers.etag) };
  };

  it('refuses the later save of two opened on one version (412, the error shape) and changes nothing', async () => {
    const { id } = await createTool(t.db, { priceCents: 14_500, description: 'As it was.' });
    const a = await open(id);
    const b = await open(id);
    expect(b.etag).toBe(a.etag);

    const first = await editIf(id, { price: 150 }, b.etag);
    expect(first.statusCode).toBe(200);
    // The answer carries the new version: what GET now answers.
    const now = await open(id);
    expect(first.headers.etag).toBe(now.etag);
    expect(now.etag).not.toBe(a.etag);

    const later = await editIf(id, { price: 140, description: 'A new description.' }, a.etag);
    expect(later.statusCode).toBe(412);
    expect(later.json()).toEqual({
      error: {
        code: 'changed_since_opened',
        message:
          'This product was changed since you opened it, by another admin or by a sale. Your changes were not saved: reload to see its current values.',
      },
    });
    expect((await open(id)).tool).toMatchObject({ price: 150, description: 'As it was.' });
    const edits = (await t.call('GET', '/api/admin/audit?limit=100', admin))
      .json()
      .items.filter((e: { action: string; target: string }) => e.action === 'tool.edit' && e.target === id);
    expect(edits).toHaveLength(1);

    // Reloaded, A's save goes through.
    const again = await editIf(id, { price: 140, description: 'A new description.' }, now.etag);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ price: 140, description: 'A new description.' });
  });

  it('passes a current version, one of a list, or *; refuses a weak tag or another tool’s', async () => {
    const { id } = await createTool(t.db);
    const other = await open((await createTool(t.db)).id);
    const { etag } = await open(id);
    expect((await editIf(id, { price: 26 }, `${other.etag}, ${etag}`)).statusCode).toBe(200);
    const current = (await open(id)).etag;
    expect((await editIf(id, { price: 27 }, `W/${current}`)).statusCode).toBe(412);
    expect((await editIf(id, { price: 27 }, other.etag)).statusCode).toBe(412);
    expect((await open(id)).tool.price).toBe(26);
    expect((await editIf(id, { price: 28 }, '*')).statusCode).toBe(200);
  });

  it('counts a sale as a change: the stock the form opened with is not the stock any more', async () => {
    const { id } = await createTool(t.db, { availableQuantity: 50 });
    const { etag } = await open(id);
    const bought = await t.call('POST', '/api/purchase', buyer, {
      toolsId: id,
      phone: '555 0103',
      address: '4 Road',
      quantity: 2,
    });
    expect(bought.statusCode).toBe(200);
    expect((await editIf(id, { availableQuantity: 100 }, etag)).statusCode).toBe(412);
    expect(await stockOf(id)).toBe(48);
  });

  it('without If-Match edits as before, whatever the version', async () => {
    const { id } = await createTool(t.db);
    const { etag } = await open(id);
    expect((await edit(id, { price: 30 })).statusCode).toBe(200);
    const res = await edit(id, { price: 31 });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toBe(31);
    expect((await editIf(id, { price: 32 }, etag)).statusCode).toBe(412);
  });

  it('answers 404, not 412, for a deleted tool, and 403 to a customer', async () => {
    const { id } = await createTool(t.db);
    const { etag } = await open(id);
    expect((await editIf(id, { price: 10 }, etag, buyer)).statusCode).toBe(403);
    await t.call('DELETE', `/api/tool/${id}`, admin);
    const res = await editIf(id, { price: 10 }, etag);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No tool with this id.');
  });

  it('lets exactly one of many saves sent at once on one version through', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await createTool(t.db);
      const { etag } = await open(id);
      const prices = Array.from({ length: 8 }, (_, i) => 40 + i);
      const saves = await Promise.all(prices.map((price) => editIf(id, { price }, etag)));
      const passed = saves.filter((r) => r.statusCode === 200);
      expect(saves.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(412)]);
      // The tool is the one save's that passed.
      expect((await open(id)).tool.price).toBe(passed[0]!.json().price);
    }
  });
});

describe('a restock racing purchases', () => {
  it(
    'sets the stock to the restocked value minus what sold after it: 200 purchases, nothing lost',
    { timeout: 120_000 },
    async () => {
      // Enough for every buyer either way, so that purchases also land while the restock is under way.
      const OLD = 300;
      const RESTOCK = 1000;
      const tool = await createTool(t.db, { availableQuantity: OLD });
      const buyers = await createSessions(t.db, 200, 'race');
      const purchase = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: { authorization: `Bearer ${token}` },
          payload: { toolsId: tool.id, phone: '555 0100', address: '1 Race Road', quantity: 1 },
        });
      // 20 buyers at a time (a pool of connections serves requests in turn); the restock is sent
      // when the 50th purchase is answered, while 20 are in flight and 130 still to come.
      const waiting = [...buyers];
      const purchases: Awaited<ReturnType<typeof purchase>>[] = [];
      let restocking: ReturnType<typeof edit> | undefined;
      const buying = async () => {
        for (let next = waiting.shift(); next; next = waiting.shift()) {
          purchases.push(await purchase(next.token));
          if (purchases.length === 50) restocking = edit(tool.id, { availableQuantity: RESTOCK });
        }
      };
      await Promise.all(Array.from({ length: 20 }, buying));
      const restock = await restocking!;
      expect(restock.statusCode).toBe(200);
      const sold = purchases.filter((a) => a.statusCode === 200).length;
      expect(sold).toBe(200);

      // The audit row says what stock the restock replaced: what sold before it came out of OLD.
      const [entry] = (await t.call('GET', '/api/admin/audit?limit=100', admin))
        .json()
        .items.filter(
          (e: { action: string; target: string }) => e.action === 'tool.edit' && e.target === tool.id,
        );
      const replaced: number = entry.details.changes.availableQuantity.from;
      const soldBefore = OLD - replaced;
      const soldAfter = sold - soldBefore;
      // Purchases landed on both sides of the restock, or this proved nothing.
      expect(soldBefore).toBeGreaterThan(0);
      expect(soldAfter).toBeGreaterThan(0);
      expect(await stockOf(tool.id)).toBe(RESTOCK - soldAfter);
      const [placed] = await t.db
        .select({ n: sql<number>`count(*)::int`, units: sql<number>`coalesce(sum(quantity), 0)::int` })
        .from(orders)
        .where(eq(orders.toolId, tool.id));
      expect(placed).toEqual({ n: sold, units: sold });
    },
  );
});
