import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGUE_TOTAL_CAP } from '#shared/schemas/tool.ts';
import { cataloguePage, everyCataloguePage } from '#tests/fixtures/catalogue.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { eq } from 'drizzle-orm';
import { tools } from '#server/db/schema.ts';

// A search that matches more tools than it counts: 1,100 with 'grinder' in the name, 100 with it
// and 'wet' only in the description, and 300 with both in the name. Before them by name, 2,100
// sanders: more than a sorted search reads in the sort's order before it sorts its matches.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  const tool = (name: string, description: string) => ({
    name,
    description,
    img: '/images/tools/jigsaw.svg',
    priceCents: 5000,
    minimumOrder: 1,
    availableQuantity: 10,
    category: 'angle-grinders',
  });
  await t.db.insert(tools).values([
    ...Array.from({ length: 1_100 }, (_, i) => tool(`Torque MX-${i} Grinder`, 'A tool for metal shops.')),
    ...Array.from({ length: 100 }, (_, i) => tool(`Torque PD-${i} Polisher`, 'Fits every wet grinder disc.')),
    ...Array.from({ length: 300 }, (_, i) => tool(`Torque WT-${i} Wet Grinder`, 'A tool for stone shops.')),
    ...Array.from({ length: 2_100 }, (_, i) => ({
      ...tool(`Torque AA-${i} Sander`, 'A tool for joiners.'),
      priceCents: 9000 + i,
      category: 'sanders',
    })),
  ]);
});
afterAll(async () => t.close());

const get = (query: string) => cataloguePage(t.app, query);

const allPages = async (query: string) => (await everyCataloguePage(t.app, query)).seen;

it('counts a search up to the cap and says so, and counts a smaller one exactly', async () => {
  const common = await get('?q=grnder&limit=1');
  expect(common.total).toBe(CATALOGUE_TOTAL_CAP);
  expect(common.totalCapped).toBe(true);
  // The 100 polishers say 'wet': as many as the cap, so counted exactly.
  const fewer = await get('?q=polisher%20wet&limit=1');
  expect(fewer.totalCapped).toBe(false);
  expect(fewer.total).toBe((await allPages('?q=polisher%20wet&limit=48')).length);
  expect(fewer.total).toBe(CATALOGUE_TOTAL_CAP);
  // Without a search the count is the category's, exact.
  const all = await get('?category=angle-grinders&limit=1');
  expect(all.total).toBeGreaterThanOrEqual(1_500);
  expect(all.totalCapped).toBe(false);
});

it('ranks by the searched words found in the name, then by id, on every page', async () => {
  const matching = await t.db
    .select({ id: tools.id, name: tools.name, description: tools.description })
    .from(tools);
  const inName = (tool: { name: string }, word: string) => tool.name.toLowerCase().includes(word);
  const byRank = (words: string[]) =>
    matching
      .filter((tool) => words.every((w) => inName(tool, w) || tool.description.toLowerCase().includes(w)))
      .map((tool) => ({ id: tool.id, rank: words.filter((w) => inName(tool, w)).length }))
      .sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1))
      .map((tool) => tool.id);

  const one = await allPages('?q=grnder&sort=relevance&limit=48');
  expect(one.map((tool) => tool._id)).toEqual(byRank(['grinder']));
  // The best matches of two words are the 300 wet grinders; then the polishers that say both.
  const two = await allPages('?q=grinder%20wet&sort=relevance&limit=37');
  expect(two.map((tool) => tool._id)).toEqual(byRank(['grinder', 'wet']));
  expect(two).toHaveLength(400);
});

it('sorts a search by name, price or date on every page, however late its matches come in that order', async () => {
  const listed = await t.db
    .select({
      id: tools.id,
      name: tools.name,
      description: tools.description,
      priceCents: tools.priceCents,
      createdAt: tools.createdAt,
    })
    .from(tools);
  // 'polishr' stands for 'polisher' and 'polishes' (a demo grinder 'grinds and polishes steel').
  const polishers = listed.filter((tool) => /polish(er|es)\b/i.test(`${tool.name} ${tool.description}`));
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  const expected = {
    // By name as read: lower case (these names have no accents).
    name: [...polishers].sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : byId(a, b);
    }),
    'price-desc': [...polishers].sort((a, b) => b.priceCents - a.priceCents || byId(a, b)),
    newest: [...polishers].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b)),
  };
  // Every polisher comes after the 2,100 sanders by name and by price: the first page gives up
  // walking the sort's order and sorts the 100 matches; the pages after a cursor find theirs at once.
  for (const [sort, tools] of Object.entries(expected)) {
    const pages = await allPages(`?q=polishr&sort=${sort}&limit=9`);
    expect(
      pages.map((tool) => tool._id),
      sort,
    ).toEqual(tools.map((tool) => tool.id));
  }
  // A search that matches nothing in a category, sorted: an empty page, not an error.
  expect((await get('?q=polisher&category=sanders&sort=name')).items).toEqual([]);
});

it('sorts a search by name from its first name, which a new or renamed tool moves earlier', async () => {
  // 'grnder' by name: its first match is a demo grinder ('Torque AG-125 …'), before 2,100 sanders.
  const first = (await get('?q=grnder&sort=name&limit=3')).items.map((tool) => tool.name);
  expect(first[0]).toBe('Torque AG-125 Angle Grinder');
  const [renamed] = await t.db
    .update(tools)
    .set({ name: 'Aardvark Grinder' })
    .where(eq(tools.name, 'Torque MX-7 Grinder'))
    .returning({ id: tools.id });
  await t.db.insert(tools).values({
    name: 'Aaron Wet Grinder',
    description: 'A tool for stone shops.',
    img: '/images/tools/jigsaw.svg',
    priceCents: 5000,
    minimumOrder: 1,
    availableQuantity: 10,
    category: 'angle-grinders',
  });
  const now = await get('?q=grnder&sort=name&limit=4');
  expect(now.items.map((tool) => tool.name)).toEqual([
    'Aardvark Grinder',
    'Aaron Wet Grinder',
    'Torque AG-125 Angle Grinder',
    'Torque BG-200 Bench Grinder',
  ]);
  expect(now.items[0]!._id).toBe(renamed!.id);
  // Archived, the first tool leaves the page; the walk starting before it still finds the rest.
  await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, renamed!.id));
  expect((await get('?q=grnder&sort=name&limit=2')).items.map((tool) => tool.name)).toEqual([
    'Aaron Wet Grinder',
    'Torque AG-125 Angle Grinder',
  ]);
});
