import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type TestAccount, signUpAdmin } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { tools } from '#server/db/schema.ts';

const ADMIN = 'chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Chief Admin', email: ADMIN, password: 'correct horse battery' });
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

describe('products', () => {
  it('adds a tool that then shows in the catalogue, in cents underneath', async () => {
    const res = await t.call('POST', '/api/addTool', admin, newTool);
    expect(res.statusCode).toBe(200);
    const id = res.json().insertedId;
    const tool = (await t.app.inject(`/api/tool/${id}`)).json();
    expect(tool).toMatchObject({ ...newTool, _id: id });
    expect((await t.db.select().from(tools).where(eq(tools.id, id)))[0]?.priceCents).toBe(14999);
    expect((await t.app.inject('/api/tools')).json().map((x: { _id: string }) => x._id)).toContain(id);
  });

  it('adds a tool in its category: found by a misspelled word, listed in the category and the sitemap', async () => {
    const res = await t.call('POST', '/api/addTool', admin, {
      ...newTool,
      name: 'Torque HC-60 Hydraulic Crimper',
      description: 'Crimps copper lugs up to 300 mm² in one stroke.',
      category: 'hydraulic-crimpers',
    });
    expect(res.statusCode).toBe(200);
    const id: string = res.json().insertedId;
    const found = await t.app.inject('/api/catalogue?q=crimpr');
    expect(found.json().items.map((x: { _id: string }) => x._id)).toEqual([id]);
    const inCategory = (await t.app.inject('/api/catalogue?category=hydraulic-crimpers')).json();
    expect(inCategory).toMatchObject({ total: 1, items: [{ _id: id, category: 'hydraulic-crimpers' }] });
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`/tools/${id}</loc>`);
    await t.call('DELETE', `/api/tool/${id}`, admin);
    await vi.waitFor(async () => expect((await t.app.inject('/sitemap.xml')).body).not.toContain(id));
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['minimumOrder 0', { minimumOrder: 0 }, 'minimumOrder'],
    ['fractional minimumOrder', { minimumOrder: 2.5 }, 'minimumOrder'],
    ['negative stock', { availableQuantity: -1 }, 'availableQuantity'],
    ['zero price', { price: 0 }, 'price'],
    ['three decimals', { price: 9.999 }, 'price'],
    ['a price a hair under a cent', { price: 19.999999999 }, 'price'],
    ['a bell in the name', { name: 'Mixer\u0007 Drill' }, 'name'],
    ['an escape in the name', { name: '\u001b[31mMixer Drill' }, 'name'],
    ['a line break in the name', { name: 'Mixer\nDrill' }, 'name'],
    ['a tab in the name', { name: 'Mixer\tDrill' }, 'name'],
    ['an escape in the description', { description: 'Mixes \u001b[2J all day.' }, 'description'],
    ['price as text', { price: '9.99' }, 'price'],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'img'],
    ['a protocol-relative image', { img: '//evil.example/x.png' }, 'img'],
    ['an extra field', { archivedAt: null }, 'input'],
    ['an unknown category', { category: 'lawnmowers' }, 'category'],
  ])('refuses a tool with %s, naming the field, and adds nothing', async (_what, change, field) => {
    const before = (await t.app.inject('/api/tools')).json().length;
    const res = await t.call('POST', '/api/addTool', admin, { ...newTool, ...change });
    expect(res.statusCode).toBe(400);
    if (field !== 'input') expect(res.json().error.fields).toHaveProperty(field);
    expect((await t.app.inject('/api/tools')).json()).toHaveLength(before);
  });

  it("shows an admin's add and delete in their next search at once, though searches are held a second", async () => {
    // Manage Products' list, read a moment before (held across changes for a second).
    const list = '/api/catalogue?sort=name&limit=48&q=wallchaser';
    const ids = async () =>
      ((await t.app.inject(list)).json().items as { _id: string }[]).map((tool) => tool._id);
    expect(await ids()).toEqual([]);
    const id = (
      await t.call('POST', '/api/addTool', admin, {
        ...newTool,
        name: 'Torque WC-40 Wallchaser',
        description: 'Cuts channels for cables.',
      })
    ).json().insertedId;
    expect(await ids()).toEqual([id]);
    expect((await t.call('DELETE', `/api/tool/${id}`, admin)).json()).toMatchObject({ deletedCount: 1 });
    expect(await ids()).toEqual([]);
  });

  it('says why a price or text is refused, in the words of the form', async () => {
    const fields = async (change: object) =>
      (await t.call('POST', '/api/addTool', admin, { ...newTool, ...change })).json().error.fields;
    expect(await fields({ price: 19.999999999 })).toEqual({ price: 'At most 2 decimals' });
    expect(await fields({ name: 'Mixer\u0007' })).toEqual({
      name: 'May not contain control characters or line breaks',
    });
    expect(await fields({ description: 'Bell\u0007' })).toEqual({
      description: 'May not contain control characters',
    });
  });

  it('keeps the line breaks and tabs of a description, and a price at its largest', async () => {
    const description = 'Mixes mortar.\n\n\tPaddle: 120 mm\n\tSpeed: 2 gears';
    const res = await t.call('POST', '/api/addTool', admin, {
      ...newTool,
      description,
      price: 999_999.99,
      minimumOrder: 1,
    });
    expect(res.statusCode).toBe(200);
    const tool = (await t.app.inject(`/api/tool/${res.json().insertedId}`)).json();
    expect(tool).toMatchObject({ description, price: 999_999.99 });
  });

  it('archives a deleted tool: it leaves the catalogue, orders keep their snapshot', async () => {
    const id = (await t.call('POST', '/api/addTool', admin, { ...newTool, name: 'Torque Doomed Saw' })).json()
      .insertedId;
    const buyer = await signUp(t.app, 'snap');
    const orderId = (
      await t.call('POST', '/api/purchase', buyer, {
        toolsId: id,
        phone: '555 0102',
        address: '3 Road',
        quantity: 5,
      })
    ).json().insertedId;
    const res = await t.call('DELETE', `/api/tool/${id}`, admin);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.call('DELETE', `/api/tool/${id}`, admin)).json().deletedCount).toBe(0);
    expect((await t.call('DELETE', `/api/tool/not-an-id`, admin)).json().deletedCount).toBe(0);
    expect((await t.app.inject(`/api/tool/${id}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/myOrder/${orderId}`, buyer)).json()).toMatchObject({
      productName: 'Torque Doomed Saw',
      productPrice: 149.99,
    });
    expect((await t.call('GET', '/api/admin/audit?limit=100', admin)).json().items[0]).toMatchObject({
      action: 'tool.delete',
      target: id,
    });
  });
});
