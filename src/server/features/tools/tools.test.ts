import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolList } from '#shared/schemas/tool.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { tools } from '#server/db/schema.ts';
import { seedTools } from '#server/db/seed-data.ts';
import { CATALOGUE_ANSWERS, cachedJson, catalogueKeys } from '#server/http/response-cache.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/tools', () => {
  it('lists the seeded catalogue in display order, prices in dollars', async () => {
    const res = await t.app.inject('/api/tools');
    expect(res.statusCode).toBe(200);
    const list = ToolList.parse(res.json());
    expect(list.map((x) => x.name)).toEqual(seedTools.map((x) => x.name));
    expect(list[0]?.price).toBe(seedTools[0]!.priceCents / 100);
    expect(list[0]?.img).toMatch(/^\/images\/tools\/.+\.svg$/);
  });

  it('answers 304 to a request carrying the current ETag, and 200 once the list changes', async () => {
    const first = await t.app.inject('/api/tools');
    const tag = first.headers.etag;
    expect(tag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/tools', headers: { 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A browser may send several tags, or the weak form of ours.
    for (const held of [`"stale", ${tag}`, `W/${tag}`, '*']) {
      const res = await t.app.inject({ url: '/api/tools', headers: { 'if-none-match': held } });
      expect(res.statusCode, held).toBe(304);
    }
    const other = await t.app.inject({ url: '/api/tools', headers: { 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
    expect(ToolList.parse(other.json())).toHaveLength(ToolList.parse(first.json()).length);

    const [last] = ToolList.parse(first.json()).slice(-1);
    await t.db.update(tools).set({ availableQuantity: 1 }).where(eq(tools.id, last!._id));
    // Every instance drops its cached copy when the database announces the change (on PostgreSQL
    // the notification arrives a moment after the commit).
    await vi.waitFor(async () => {
      const changed = await t.app.inject({ url: '/api/tools', headers: { 'if-none-match': String(tag) } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
    });
  });

  it('does not list archived tools', async () => {
    const list = ToolList.parse((await t.app.inject('/api/tools')).json());
    const archived = list[1]!;
    await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, archived._id));
    await vi.waitFor(async () => {
      const after = ToolList.parse((await t.app.inject('/api/tools')).json());
      expect(after.map((x) => x._id)).not.toContain(archived._id);
      expect(after).toHaveLength(list.length - 1);
      expect((await t.app.inject(`/api/tool/${archived._id}`)).statusCode).toBe(404);
    });
  });
});

describe('GET /api/tool/:id', () => {
  it('answers one tool with every field of the spec', async () => {
    const [first] = ToolList.parse((await t.app.inject('/api/tools')).json());
    const res = await t.app.inject(`/api/tool/${first!._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
    expect(Object.keys(res.json()).sort()).toEqual(
      ['_id', 'availableQuantity', 'category', 'description', 'img', 'minimumOrder', 'name', 'price'].sort(),
    );
  });

  it.each([
    ['an unknown id', '7b1c1f8e-2a41-4c6e-9d7e-0c2b5a4f9e11'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
    ['a NoSQL operator', '{"$gt":""}'],
  ])('answers 404 with the error shape for %s', async (_what, id) => {
    const res = await t.app.inject(`/api/tool/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No tool with this id.' } });
  });

  it('keeps at most CATALOGUE_ANSWERS answers in memory, however many made-up ids are asked for', async () => {
    // Each made-up id asked through HTTP costs a statement, then is kept as this "no such tool".
    for (let i = 0; i < CATALOGUE_ANSWERS; i++) {
      await t.app.catalogue.get(catalogueKeys.tool(randomUUID()), async () => cachedJson(null));
    }
    const res = await t.app.inject(`/api/tool/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(t.app.catalogue.size).toBe(CATALOGUE_ANSWERS);
    // The tools' own answers still come, and are kept again.
    const [first] = ToolList.parse((await t.app.inject('/api/tools')).json());
    expect((await t.app.inject(`/api/tool/${first!._id}`)).json()).toEqual(first);
    expect(t.app.catalogue.size).toBe(CATALOGUE_ANSWERS);
  });
});
