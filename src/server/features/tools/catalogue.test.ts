import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CataloguePage, CategoryList, type Tool } from '#shared/schemas/tool.ts';
import { cataloguePage, everyCataloguePage } from '#tests/fixtures/catalogue.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { eq } from 'drizzle-orm';
import { reviews, tools } from '#server/db/schema.ts';
import { seedTools } from '#server/db/seed-data.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // Ties on every sort key: three tools with one name's price and one moment, that paging must
  // neither repeat nor skip.
  const at = new Date();
  await t.db.insert(tools).values(
    ['Ærø Twin Saw', 'Ærø Twin Saw', 'Ærø Twin Saw'].map((name) => ({
      name,
      description: 'A twin of its twins, for keyset ties.',
      img: '/images/tools/jigsaw.svg',
      priceCents: 9650,
      minimumOrder: 1,
      availableQuantity: 10,
      category: 'saws',
      createdAt: at,
    })),
  );
});
afterAll(async () => t.close());

const get = (query: string) => cataloguePage(t.app, query);
const names = (page: CataloguePage) => page.items.map((tool) => tool.name);
/** A name as the catalogue sorts it, for this file's names: lower case, accents dropped. */
const asRead = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const allPages = (query: string) => everyCataloguePage(t.app, query);

describe('GET /api/catalogue', () => {
  it('lists every live tool, 24 at most by default, newest first', async () => {
    const page = await get('');
    expect(page.total).toBe(seedTools.length + 3);
    expect(page.items).toHaveLength(seedTools.length + 3);
    expect(page.nextCursor).toBeNull();
    expect(page.items.at(-1)!.name).toBe(seedTools[0]!.name);
    expect(page.items[0]).toMatchObject({ category: 'saws', price: 96.5 });
  });

  it.each([
    ['a typo', 'grnder'],
    ['upper case', 'GRINDER'],
    ['accents', 'grîndér'],
    ['a plural', 'grinders'],
  ])('finds both grinders with %s, by relevance', async (_what, q) => {
    const page = await get(`?q=${encodeURIComponent(q)}`);
    expect(names(page).slice(0, 2).sort()).toEqual([
      'Torque AG-125 Angle Grinder',
      'Torque BG-200 Bench Grinder',
    ]);
    expect(page.total).toBe(page.items.length);
  });

  it.each([
    ['dirll', 'Torque DX-20 Cordless Drill Driver'],
    ['grnider', 'Torque AG-125 Angle Grinder'],
    ['recip', 'Torque RS-32 Reciprocating Saw'],
    ['ang', 'Torque AG-125 Angle Grinder'],
  ])('finds a tool by a word with two letters swapped, or a word begun: %s', async (q, name) => {
    expect(names(await get(`?q=${q}`))).toContain(name);
  });

  it.each([
    ['drll', 'Torque DX-20 Cordless Drill Driver'],
    ['impakt', 'Torque IX-210 Brushless Impact Driver'],
    ['jigsw', 'Torque JS-90 Orbital Jigsaw'],
    ['sandr', 'Torque OS-150 Random Orbital Sander'],
  ])('finds a tool by a word typed with a slip: %s', async (q, name) => {
    expect(names(await get(`?q=${q}`))).toContain(name);
  });

  it.each(['DX-20', 'dx20', 'dx 20', 'Dx-20 drill'])(
    'finds a tool by its model number however it is typed: %s',
    async (q) => {
      expect(names(await get(`?q=${encodeURIComponent(q)}`))).toEqual(['Torque DX-20 Cordless Drill Driver']);
    },
  );

  it("leaves out a searched word like none of the catalogue's, and says which", async () => {
    const page = await get('?q=makita%20drill');
    expect(names(page)).toContain('Torque DX-20 Cordless Drill Driver');
    expect(page.unmatched).toEqual(['makita']);
    expect((await get('?q=drill')).unmatched).toBeUndefined();
  });

  it('allows no slip in a word under four letters, two from eight letters', async () => {
    // 'gum' is one slip from 'gun' (Heat Gun); 'recprocting' two from 'reciprocating', 'rcprocting'
    // three. Each shares a third of its trigrams with the word, under half.
    expect((await get('?q=gum')).items).toEqual([]);
    expect(names(await get('?q=recprocting'))).toEqual(['Torque RS-32 Reciprocating Saw']);
    expect((await get('?q=rcprocting')).items).toEqual([]);
  });

  it('takes a word of the catalogue as typed, not for the words a slip away', async () => {
    // The rotary hammer is for 'light chiselling'; the jigsaw and the press tool say 'tight'.
    expect(names(await get('?q=light'))).toEqual(['Torque RH-28 SDS-Plus Rotary Hammer']);
    expect((await get('?q=tight')).items.map((tool) => tool.name).sort()).toEqual([
      'Torque JS-90 Orbital Jigsaw',
      'Torque PT-32 Hydraulic Press Tool',
    ]);
    expect(names(await get('?q=ligt'))).toEqual(['Torque RH-28 SDS-Plus Rotary Hammer']);
  });

  it('matches accented names by their plain letters, and the description too', async () => {
    expect(names(await get('?q=aero%20twin'))).toEqual(['Ærø Twin Saw', 'Ærø Twin Saw', 'Ærø Twin Saw']);
    expect(names(await get('?q=shrink%20tubing'))).toEqual(['Torque HG-600 Digital Heat Gun']);
    expect((await get('?q=zzqx')).items).toEqual([]);
  });

  it('filters by category, with or without a search', async () => {
    const saws = await get('?category=saws&sort=name');
    expect(saws.total).toBe(6);
    expect(saws.items.every((tool) => tool.category === 'saws')).toBe(true);
    expect(names(await get('?category=saws&q=JIGSAWS'))).toEqual(['Torque JS-90 Orbital Jigsaw']);
    expect((await get('?category=no-such-thing')).total).toBe(0);
  });

  it.each([
    [
      'name',
      (a: Tool, b: Tool) => (asRead(a.name) < asRead(b.name) ? -1 : asRead(a.name) > asRead(b.name) ? 1 : 0),
    ],
    ['price-asc', (a: Tool, b: Tool) => a.price - b.price],
    ['price-desc', (a: Tool, b: Tool) => b.price - a.price],
  ])('sorts by %s', async (sort, compare) => {
    const { items } = await get(`?sort=${sort}`);
    expect(items).toEqual([...items].sort((a, b) => compare(a, b) || (a._id < b._id ? -1 : 1)));
  });

  it.each(['newest', 'name', 'price-asc', 'price-desc', 'relevance'])(
    'pages by %s without a repeat or a gap, ties included',
    async (sort) => {
      const q = sort === 'relevance' ? '&q=saw' : '';
      const whole = await get(`?sort=${sort}&limit=48${q}`);
      const { seen, total } = await allPages(`?sort=${sort}&limit=2${q}`);
      expect(total).toBe(whole.total);
      expect(seen.map((tool) => tool._id)).toEqual(whole.items.map((tool) => tool._id));
      expect(new Set(seen.map((tool) => tool._id)).size).toBe(seen.length);
    },
  );

  it('leaves archived tools out of pages, counts and categories', async () => {
    const [heatGun] = (await get('?q=heat%20gun')).items;
    await t.app.inject('/api/categories');
    await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, heatGun!._id));
    // A search's answer is kept at least a second, across changes (as the visitors' pages are).
    await vi.waitFor(async () => {
      expect((await get('?q=heat%20gun')).items.map((tool) => tool._id)).not.toContain(heatGun!._id);
    }, 3_000);
    await vi.waitFor(async () => {
      const categories = CategoryList.parse((await t.app.inject('/api/categories')).json());
      expect(categories.map((c) => c.slug)).not.toContain('heat-guns');
    });
  });

  it('finds a tool added or renamed since by a word with a typo, as the only one with that word', async () => {
    // The catalogue's words are kept as tools are written (migration 0012), however they are written.
    const [row] = await t.db
      .insert(tools)
      .values({
        name: 'Torque PL-82 Planer',
        description: 'Planes doors down to size.',
        img: '/images/tools/jigsaw.svg',
        priceCents: 12900,
        minimumOrder: 1,
        availableQuantity: 5,
        category: 'saws',
      })
      .returning({ id: tools.id });
    try {
      expect(names(await get('?q=planner'))).toEqual(['Torque PL-82 Planer']);
      await t.db.update(tools).set({ name: 'Torque PL-82 Thicknesser' }).where(eq(tools.id, row!.id));
      expect(names(await get('?q=thicknesr%20pl-82'))).toEqual(['Torque PL-82 Thicknesser']);
      expect((await get('?q=thicknesr%20pl-83')).items).toEqual([]);
    } finally {
      await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, row!.id));
    }
  });

  it.each([
    ['limit 0', '?limit=0', 'limit'],
    ['limit 49', '?limit=49', 'limit'],
    ['a limit that is no number', '?limit=ten', 'limit'],
    ['an unknown sort', '?sort=cheapest', 'sort'],
    ['a category that is no slug', '?category=Saws%20%26%20more', 'category'],
    ['a cursor we never gave', '?cursor=abc', 'cursor'],
    ['a cursor with a date that is none', `?cursor=${cursorOf('2026-02-30 10:00:00+00')}`, 'cursor'],
    ['a cursor of another sort', `?sort=price-asc&cursor=${cursorOf('Torque')}`, 'cursor'],
    ['a search of 101 letters', `?q=${'a'.repeat(101)}`, 'q'],
    ['a bad value beside an unknown key', '?utm_source=news&limit=0', 'limit'],
  ])('answers 400 with the error shape for %s', async (_what, query, field) => {
    const res = await t.app.inject(`/api/catalogue${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json() as {
      error: { code: string; message: string; fields?: Record<string, string> };
    };
    expect(error.code).toMatch(/invalid/);
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it.each([
    ['limit', '?limit=1&limit=2'],
    ['sort', '?sort=name&sort=newest'],
    ['category', '?category=saws&category=sanders'],
    ['cursor', `?cursor=abc&cursor=def`],
  ])('refuses %s given twice, saying to give one value', async (field, query) => {
    const res = await t.app.inject(`/api/catalogue${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: 'Give one value, not several' });
  });

  it('ignores keys it does not know (a campaign tag, a cache-buster), as /api/tools does', async () => {
    const plain = await t.app.inject('/api/catalogue?q=saw&sort=name&limit=2');
    expect(plain.statusCode).toBe(200);
    for (const extra of ['utm_source=newsletter', 'fbclid=IwAR0abc', '_=1732700000000', 'page=2']) {
      const res = await t.app.inject(`/api/catalogue?q=saw&${extra}&sort=name&limit=2`);
      expect(res.statusCode, `${extra}: ${res.body}`).toBe(200);
      expect(res.json(), extra).toEqual(plain.json());
    }
  });
});

function cursorOf(key: string) {
  return Buffer.from(JSON.stringify([key, '7b1c1f8e-2a41-4c6e-9d7e-0c2b5a4f9e11'])).toString('base64url');
}

describe('GET /api/categories', () => {
  it('answers the categories of live tools with their counts, in the store order', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const list = CategoryList.parse(res.json());
    expect(list[0]).toEqual({ slug: 'cordless-drills', name: 'Cordless drills', count: 2 });
    expect(list.find((c) => c.slug === 'saws')?.count).toBe(6);
    expect(list.every((c) => c.count > 0)).toBe(true);
  });
});

describe('a search answered again', () => {
  it('comes from memory with its ETag (304 when the caller has it), until the catalogue changes', async () => {
    const first = await t.app.inject('/api/catalogue?q=grnder');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/api/catalogue?q=grnder', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const [grinder] = CataloguePage.parse(first.json()).items;
    await t.db
      .update(tools)
      .set({ availableQuantity: grinder!.availableQuantity + 1 })
      .where(eq(tools.id, grinder!._id));
    await vi.waitFor(async () => {
      const changed = await t.app.inject({
        url: '/api/catalogue?q=grnder',
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(CataloguePage.parse(changed.json()).items[0]?.availableQuantity).toBe(
        grinder!.availableQuantity + 1,
      );
    }, 3_000);
  });
});

describe('the demo reviews', () => {
  it('each name their tool', async () => {
    const rows = await t.db
      .select({ productName: reviews.productName, toolName: tools.name })
      .from(reviews)
      .leftJoin(tools, eq(tools.id, reviews.toolId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.toolName).toBe(row.productName);
  });
});
