import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGUE_TOTAL_CAP, CataloguePage, type Tool } from '#shared/schemas/tool.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { tools } from '#server/db/schema.ts';

// A search that matches more tools than it counts: 1,100 with 'grinder' in the name, 100 with it
// and 'wet' only in the description, and 300 with both in the name.
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
  await t.db
    .insert(tools)
    .values([
      ...Array.from({ length: 1_100 }, (_, i) => tool(`Torque MX-${i} Grinder`, 'A tool for metal shops.')),
      ...Array.from({ length: 100 }, (_, i) =>
        tool(`Torque PD-${i} Polisher`, 'Fits every wet grinder disc.'),
      ),
      ...Array.from({ length: 300 }, (_, i) => tool(`Torque WT-${i} Wet Grinder`, 'A tool for stone shops.')),
    ]);
});
afterAll(async () => t.close());

const get = async (query: string) => {
  const res = await t.app.inject(`/api/catalogue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CataloguePage.parse(res.json());
};

/** Every page of a query, following nextCursor. */
async function allPages(query: string) {
  const seen: Tool[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

it('counts a search up to the cap and says so, and counts a smaller one exactly', async () => {
  const common = await get('?q=grnder&limit=1');
  expect(common.total).toBe(CATALOGUE_TOTAL_CAP);
  expect(common.totalCapped).toBe(true);
  const fewer = await get('?q=wet&limit=1');
  expect(fewer.totalCapped).toBe(false);
  expect(fewer.total).toBe((await allPages('?q=wet&limit=48')).length);
  expect(fewer.total).toBeGreaterThanOrEqual(400);
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
