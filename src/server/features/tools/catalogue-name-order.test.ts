import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Tool } from '#shared/schemas/tool.ts';
import { cataloguePage, everyCataloguePage } from '#tests/fixtures/catalogue.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { eq, isNull } from 'drizzle-orm';
import { tools } from '#server/db/schema.ts';

// The catalogue by name as a shopper reads it: case and accents aside. In the database's order (C
// on PGlite) 'angle grinder' and 'Érable drill' came after 'Zeta saw'. The demo catalogue is
// archived: these tools are the whole list.
let t: Awaited<ReturnType<typeof createTestApp>>;
const at = new Date();
const tool = (name: string, category: string, description = 'A tool for the order of names.') => ({
  name,
  description,
  img: '/images/tools/jigsaw.svg',
  priceCents: 4200,
  minimumOrder: 1,
  availableQuantity: 10,
  category,
  createdAt: at,
});
let axes: string[];
beforeAll(async () => {
  t = await createTestApp();
  await t.db.update(tools).set({ archivedAt: new Date() }).where(isNull(tools.archivedAt));
  await t.db
    .insert(tools)
    .values([
      tool('Zeta saw', 'saws'),
      tool('angle grinder', 'angle-grinders'),
      tool('Érable drill', 'saws'),
      tool('Bench vise', 'other'),
    ]);
  // Three ties: one name, one price, one moment.
  const tied = await t.db
    .insert(tools)
    .values([tool('Axe', 'saws'), tool('Axe', 'saws'), tool('Axe', 'saws')])
    .returning({ id: tools.id });
  axes = tied.map((row) => row.id).sort();
});
afterAll(async () => t.close());

const answer = (query: string) => t.app.inject(`/api/catalogue${query}`);
const get = (query: string) => cataloguePage(t.app, query);

const allPages = async (query: string) => (await everyCataloguePage(t.app, query)).seen;

/** The names in the order given, each tie of 'Axe' by its id. */
const inOrder = (seen: Tool[], names: string[]) => {
  expect(new Set(seen.map((row) => row._id)).size).toBe(seen.length);
  expect(seen.map((row) => row.name)).toEqual(names);
  expect(seen.filter((row) => row.name === 'Axe').map((row) => row._id)).toEqual(axes);
};

it('sorts by name without regard to case or accents, ties by id, on every page', async () => {
  inOrder(await allPages('?sort=name&limit=2'), [
    'angle grinder',
    'Axe',
    'Axe',
    'Axe',
    'Bench vise',
    'Érable drill',
    'Zeta saw',
  ]);
});

it('sorts a category by name so too', async () => {
  inOrder(await allPages('?category=saws&sort=name&limit=2'), [
    'Axe',
    'Axe',
    'Axe',
    'Érable drill',
    'Zeta saw',
  ]);
});

it('sorts a search by name so too', async () => {
  inOrder(await allPages('?q=names&sort=name&limit=2'), [
    'angle grinder',
    'Axe',
    'Axe',
    'Axe',
    'Bench vise',
    'Érable drill',
    'Zeta saw',
  ]);
});

it('starts a search of many matches by name at its first name as read, from a new or a renamed tool', async () => {
  // More matches than a search counts, so the page is found by walking the names from the word's
  // first name (catalogue_words.first_name). In the database's order 'zeta clamp 0' comes before
  // 'érable veneer press' ('é' after 'z'): a first name kept so would start the walk past it.
  await t.db
    .insert(tools)
    .values(Array.from({ length: 150 }, (_, i) => tool(`zeta clamp ${i}`, 'other', 'Holds a veneer.')));
  await t.db.insert(tools).values(tool('érable veneer press', 'other', 'Presses a veneer.'));
  const first = await get('?q=veneer&sort=name&limit=3');
  expect(first.totalCapped).toBe(true);
  expect(first.items.map((row) => row.name)).toEqual(['érable veneer press', 'zeta clamp 0', 'zeta clamp 1']);

  // (Another page size: the store may still keep the first answer until it hears of the change.)
  await t.db.update(tools).set({ name: 'ålder veneer stand' }).where(eq(tools.name, 'zeta clamp 7'));
  expect((await get('?q=veneer&sort=name&limit=4')).items.map((row) => row.name)).toEqual([
    'ålder veneer stand',
    'érable veneer press',
    'zeta clamp 0',
    'zeta clamp 1',
  ]);
});

it('refuses a cursor of the names as written, which pages by name no longer give', async () => {
  const [axe] = axes;
  const old = Buffer.from(JSON.stringify(['Axe', axe])).toString('base64url');
  const res = await answer(`?sort=name&limit=2&cursor=${old}`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: { fields: { cursor: 'Not a cursor this catalogue gave' } } });
});
