import { and, asc, count, desc, eq, gt, gte, isNull, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { CATEGORIES } from '#shared/categories.ts';
import { toCents, toDollars } from '#shared/money.ts';
import {
  type AddToolInput,
  type EditToolInput,
  TOO_DEAR_TO_ORDER,
  tooDearToOrder,
} from '#shared/schemas/admin.ts';
import {
  CATALOGUE_TOTAL_CAP,
  type CataloguePage,
  type CatalogueQuery,
  type CatalogueSort,
  type CategoryList,
  type Tool,
} from '#shared/schemas/tool.ts';
import { Invalid, NotFound } from '#server/domain-errors.ts';
import type { Db } from '#server/db/client.ts';
import { badCursor, decodeCursor, keysetPage, UUID } from '#server/db/keyset.ts';
import { catalogueWords, searchText, tools } from '#server/db/schema.ts';
import { record, type Actor } from '#server/features/audit/audit.service.ts';
import {
  cachedJson,
  type CachedBody,
  catalogueKeys,
  type ResponseCache,
} from '#server/http/response-cache.ts';

const columns = {
  _id: tools.id,
  name: tools.name,
  img: tools.img,
  description: tools.description,
  priceCents: tools.priceCents,
  minimumOrder: tools.minimumOrder,
  availableQuantity: tools.availableQuantity,
  category: tools.category,
};

function toTool({
  priceCents,
  category,
  ...row
}: { priceCents: number; category: string } & Omit<Tool, 'price' | 'category'>): Tool {
  return { ...row, category: category as Tool['category'], price: toDollars(priceCents) };
}

/** The catalogue in display order (oldest first); archived tools are not listed. */
export async function listTools(db: Db): Promise<Tool[]> {
  const rows = await db
    .select(columns)
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.id));
  return rows.map(toTool);
}

/** How many tools are live (not deleted). */
export async function liveToolCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tools).where(isNull(tools.archivedAt));
  return row?.n ?? 0;
}

/** Live tools' ids, oldest first, `limit` of them after the first `offset` (the sitemap's files). */
export async function liveToolIds(db: Db, offset: number, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: tools.id })
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** One tool's answer as the catalogue cache keeps it: its body is `null` for no such tool. */
export function cachedTool(catalogue: ResponseCache<CachedBody>, db: Db, id: string) {
  return catalogue.get(catalogueKeys.tool(id), async () => cachedJson((await findTool(db, id)) ?? null));
}

async function findTool(db: Db, id: string): Promise<Tool | undefined> {
  const [row] = await db
    .select(columns)
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)));
  return row && toTool(row);
}

/**
 * A tool's version: the ETag of its GET /tool/{id} answer (the same bytes' tag, see cachedTool), so
 * it changes whenever anything the answer shows does, an admin's edit or a sale's stock.
 */
export function toolVersion(tool: Tool): string {
  return cachedJson(tool).etag;
}

/** Adds a tool to the catalogue; answers its id. */
export async function addTool(db: Db, actor: Actor, input: AddToolInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tools)
      .values({
        name: input.name,
        description: input.description,
        img: input.img,
        priceCents: toCents(input.price),
        minimumOrder: input.minimumOrder,
        availableQuantity: input.availableQuantity,
        category: input.category,
      })
      .returning({ id: tools.id });
    await record(tx, actor, 'tool.add', row!.id, {
      name: input.name,
      price: input.price,
      category: input.category,
    });
    return row!.id;
  });
}

/**
 * Changes the fields given of a listed tool and answers it as it now is; orders keep their
 * snapshot. The row is locked first: purchases of the tool queue behind the edit and take their
 * stock from the new quantity, those before it from the old one, so a restock sets the stock to
 * its value minus what is sold after it. The audit row names each field's value before and after.
 *
 * `precondition` is shown the tool as it is, under that lock and before anything changes: what it
 * throws (an If-Match naming an older version) is the answer, and nothing changes. Two edits of one
 * tool are checked one after the other, so of two that opened the same version only the first passes.
 */
export async function editTool(
  db: Db,
  actor: Actor,
  id: string,
  input: EditToolInput,
  precondition?: (current: Tool) => void,
): Promise<Tool> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(tools)
      .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
      .for('update');
    if (!before) throw new NotFound('No tool with this id.');
    precondition?.(toTool(before));
    const priceCents = input.price === undefined ? before.priceCents : toCents(input.price);
    if (tooDearToOrder(priceCents, input.minimumOrder ?? before.minimumOrder)) {
      throw new Invalid({ [input.price === undefined ? 'minimumOrder' : 'price']: TOO_DEAR_TO_ORDER });
    }
    const [row] = await tx
      .update(tools)
      .set({
        name: input.name,
        description: input.description,
        img: input.img,
        priceCents: input.price === undefined ? undefined : priceCents,
        minimumOrder: input.minimumOrder,
        availableQuantity: input.availableQuantity,
        category: input.category,
      })
      .where(eq(tools.id, id))
      .returning(columns);
    const was = toTool(before);
    const now = toTool(row!);
    const changes = Object.fromEntries(
      (Object.keys(input) as (keyof EditToolInput)[])
        .filter((field) => input[field] !== undefined && was[field] !== now[field])
        .map((field) => [field, { from: was[field], to: now[field] }]),
    );
    await record(tx, actor, 'tool.edit', id, { name: now.name, changes });
    return now;
  });
}

/**
 * Archives the tool: it leaves the catalogue, and past orders keep their snapshot. Answers 1 when
 * this call archived it, 0 when no listed tool has this id.
 */
export async function archiveTool(db: Db, actor: Actor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ archivedAt: new Date() })
      .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
      .returning({ id: tools.id, name: tools.name });
    if (!row) return 0;
    await record(tx, actor, 'tool.delete', id, { name: row.name });
    return 1;
  });
}

/** Live tools per category (GET /api/categories), in the store's order of categories. */
export async function listCategories(db: Db): Promise<CategoryList> {
  const rows = await db
    .select({ slug: tools.category, count: count() })
    .from(tools)
    .where(isNull(tools.archivedAt))
    .groupBy(tools.category);
  const counts = new Map(rows.map((r) => [r.slug, Number(r.count)]));
  const known = CATEGORIES.filter((c) => counts.has(c.slug)).map(({ slug, name }) => ({
    slug,
    name,
    count: counts.get(slug)!,
  }));
  // A slug no longer in CATEGORIES still names its tools.
  const unknown = [...counts]
    .filter(([slug]) => !CATEGORIES.some((c) => c.slug === slug))
    .map(([slug, n]) => ({ slug, name: slug, count: n }));
  return [...known, ...unknown];
}

const CATALOGUE_CURSOR = 'Not a cursor this catalogue gave';

/** How close a word of the catalogue must be to a searched word to stand for it by trigrams ('grinders' → 'grinder'). */
const CLOSE = 0.5;
/**
 * Or, for a searched word that is no catalogue word, how many typing slips (letters left out, added
 * or changed: levenshtein) it may hold, as Algolia's defaults: none under 4 letters, one from 4
 * ('drll' → 'drill'), two from 8. A catalogue word stands for itself alone: 'light' does not find
 * 'tight'. The candidates are the catalogue's words with a third of their trigrams in common
 * (pg_trgm's `%`, on the trigram index).
 */
const SLIPS = sql`case when length(typed.word) >= 8 then 2 when length(typed.word) >= 4 then 1 else 0 end`;
/** The catalogue's words that a searched word may stand for, closest first. */
const STAND_INS = 3;
/** How many of a search's matches, by id, a relevance page looks among for its best ones first. */
const PROBE = 2_000;
/** How many tools, in the sort's order, a sorted search reads for its page before it sorts its matches instead. */
const WALK = 2_000;

/**
 * The full-text query of a search: each of its words (as the catalogue's searchVector has them,
 * searchText()) is matched by itself or by the catalogue's closest words ('grnder', 'drll' and
 * 'dirll' by 'grinder' and 'drill', 'grinders' by 'grinder' and 'grinders', a word begun, 'recip',
 * by 'reciprocating'), and a tool has to match every
 * such word. A word with a digit (a model number) is matched as typed; a word close to none of the
 * catalogue's is left out. Answers the catalogue's words per searched word, with their first names
 * (catalogueWords.firstName), none for a search that leaves no word; and the words left out. One
 * statement: the search split into words, and each word's look-up.
 */
async function searchWords(
  db: Db,
  q: string,
): Promise<{ groups: { word: string; firstName: string | null }[][]; unmatched: string[] }> {
  const { rows } = (await db.execute(
    sql`select typed.i::int as i, typed.word as typed, found.word, found.first_name as "firstName"
        from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${searchText(q)})))
          with ordinality as typed(word, i)
        cross join lateral (
          select exists (select from ${catalogueWords} as own where own.word = typed.word) as own
        ) catalogue
        left join lateral (
          select typed.word, null::text as first_name where typed.word ~ '[0-9]'
          union all
          (select near.word, near.first_name from (
             select ${catalogueWords.word}, ${catalogueWords.firstName} from ${catalogueWords}
             where typed.word !~ '[0-9]' and ${catalogueWords.word} % typed.word
               and (similarity(${catalogueWords.word}, typed.word) >= ${CLOSE}
                 or levenshtein(${catalogueWords.word}, typed.word) <= ${SLIPS} and not catalogue.own)
             union
             -- A word begun ('recip', 'ang'): the catalogue's words it starts, from three letters.
             -- (Full text's words hold no % _ or \: they split words, as spaces do.)
             select ${catalogueWords.word}, ${catalogueWords.firstName} from ${catalogueWords}
             where typed.word !~ '[0-9]' and length(typed.word) >= 3 and not catalogue.own
               and ${catalogueWords.word} like typed.word || '%'
             union
             -- Two letters swapped ('dirll'), one slip as Algolia counts it, from four letters.
             select ${catalogueWords.word}, ${catalogueWords.firstName} from ${catalogueWords}
             where typed.word !~ '[0-9]' and length(typed.word) >= 4 and not catalogue.own
               and ${catalogueWords.word} in (
                 select overlay(typed.word placing substr(typed.word, k + 1, 1) || substr(typed.word, k, 1) from k for 2)
                 from generate_series(1, length(typed.word) - 1) as k)
           ) as near
           order by levenshtein(near.word, typed.word), similarity(near.word, typed.word) desc, near.word
           limit ${STAND_INS})
        ) found on true`,
  )) as unknown as { rows: { i: number; typed: string; word: string | null; firstName: string | null }[] };
  const words = [...Map.groupBy(rows, (r) => Number(r.i)).values()];
  const kept = words.filter(([first]) => first!.word !== null);
  return {
    groups: kept.map((group) => group.map(({ word, firstName }) => ({ word: word!, firstName }))),
    unmatched: words.filter(([first]) => first!.word === null).map(([first]) => first!.typed),
  };
}

/**
 * A name key (tools.nameKey) that no tool of a search comes before: a tool has a word of each
 * group, so its key is at or after each group's earliest first name (the database compares them,
 * in its collation). A group with a word of no known first name (a model number) says nothing.
 */
function firstNameOf(groups: { firstName: string | null }[][]): SQL | undefined {
  const known = groups.filter((group) => group.every((w) => w.firstName !== null));
  if (!known.length) return undefined;
  const earliest = known.map(
    (group) =>
      sql`least(${sql.join(
        group.map((w) => sql`${w.firstName}::text`),
        sql`, `,
      )})`,
  );
  return sql`greatest(${sql.join(earliest, sql`, `)})`;
}

/** A searched word's stand-ins as tsquery text, either of them, in any part (`weight` 'A': the name). */
const anyOf = (group: string[], weight = '') =>
  group.map((w) => `'${w.replace(/[\\']/g, '\\$&')}'${weight}`).join(' | ');

/**
 * One page of the catalogue (GET /api/catalogue): live tools, searched, filtered and sorted, after
 * `cursor` (the last row's sort key and id, opaque to the caller). A search matches words as typed
 * or with a typo ('grnder' finds grinders; searchWords()), in lower case without accents; it sorts
 * by relevance (the searched words found in the name) unless another sort is asked for (without
 * one, by newest).
 */
export async function catalogue(
  db: Db,
  query: CatalogueQuery,
  /** The live tools per category, as GET /categories answers (cached): the total of a list without a search. */
  categories: () => Promise<CategoryList> = () => listCategories(db),
): Promise<CataloguePage> {
  const q = query.q ? query.q : undefined;
  const { groups: found, unmatched } = q ? await searchWords(db, q) : { groups: [], unmatched: [] };
  const page = planPage(db, query, found);
  const { rows, total } = await (q ? searchPage(page) : listPage(page, categories)).catch((err: unknown) =>
    badCursor(err, CATALOGUE_CURSOR),
  );
  return {
    ...keysetPage(
      rows,
      query.limit,
      (r) => [r.sortKey, r._id],
      ({ sortKey: _key, ...row }) => toTool(row),
    ),
    total: q ? Math.min(total, CATALOGUE_TOTAL_CAP) : total,
    totalCapped: Boolean(q) && total > CATALOGUE_TOTAL_CAP,
    ...(unmatched.length ? { unmatched } : {}),
  };
}

/** A sort's key, its type, the shape of the key in a cursor, and its direction. */
interface SortOrder {
  key: SQL;
  cast: SQL;
  shape: RegExp;
  desc: boolean;
}

/** What every statement of one catalogue page shares. */
interface PagePlan {
  db: Db;
  query: CatalogueQuery;
  sort: CatalogueSort;
  order: SortOrder;
  /** The catalogue's words that stand for each searched word (searchWords()). */
  terms: string[][];
  /** The earliest name key a match of the search may have, when the words say it (firstNameOf()). */
  firstName: SQL | undefined;
  /** Live tools, in the category asked for. */
  listed: SQL[];
  /** The tools of the page: listed, and matching the search if there is one. */
  where: SQL;
  /** The last row's sort key and id, for a page after a cursor. */
  cursor: [string, string] | undefined;
  /** The rows after the cursor in the sort's order (none for a first page). */
  after: SQL[];
}

/** The page's sort, filters and cursor; a cursor this catalogue did not give is refused here. */
function planPage(
  db: Db,
  query: CatalogueQuery,
  found: { word: string; firstName: string | null }[][],
): PagePlan {
  const searched = Boolean(query.q);
  // Relevance needs a search: without one, a list is newest first.
  const sort =
    query.sort === 'relevance' && !searched ? 'newest' : (query.sort ?? (searched ? 'relevance' : 'newest'));
  const terms = found.map((group) => group.map((w) => w.word));
  const order = sortOrder(sort, terms);
  const listed: SQL[] = [isNull(tools.archivedAt)];
  if (query.category) listed.push(eq(tools.category, query.category));
  const where = and(...(searched ? [...listed, matching(terms, tools.searchVector)] : listed))!;
  const cursor = query.cursor
    ? decodeCursor(query.cursor, { key: order.shape, id: UUID, refusal: CATALOGUE_CURSOR })
    : undefined;
  const after = cursor ? [afterCursor(order, cursor)] : [];
  return { db, query, sort, order, terms, firstName: firstNameOf(found), listed, where, cursor, after };
}

/**
 * The search's condition on a search vector: every searched word, by one of its stand-ins. A search
 * whose words are like none of the catalogue's finds nothing.
 */
function matching(terms: string[][], vector: SQL | typeof tools.searchVector): SQL {
  if (!terms.length) return sql`false`;
  const all = terms.map((group) => `(${anyOf(group)})`).join(' & ');
  return sql`${vector} @@ to_tsquery('simple'::regconfig, ${all})`;
}

/** The sort's key, as text that the database reads back exactly (timestamps keep microseconds). */
function sortOrder(sort: CatalogueSort, terms: string[][]): SortOrder {
  const price = { key: sql`${tools.priceCents}`, cast: sql`bigint`, shape: /^\d{1,15}$/ };
  return {
    relevance: {
      key: wordsInName(terms),
      cast: sql`real`,
      shape: /^-?\d+(\.\d+)?(e[+-]?\d+)?$/,
      desc: true,
    },
    // The name as read (tools.nameKey): lower case, accents dropped. It has no capital A to Z, which a
    // cursor of before 28 Nov 2026 (the name as written: 'Torque …') has: refused, not misread.
    name: { key: sql`${tools.nameKey}`, cast: sql`text`, shape: /^[^\0A-Z]*$/, desc: false },
    'price-asc': { ...price, desc: false },
    'price-desc': { ...price, desc: true },
    newest: {
      key: sql`${tools.createdAt}`,
      cast: sql`timestamptz`,
      shape: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/,
      desc: true,
    },
  }[sort];
}

/**
 * Relevance: how many of the searched words the name has (weight A). Cheap beside ts_rank, which
 * reads every matching tool's positions (~100 ms for the 16,000 tools of a common word).
 */
function wordsInName(terms: string[][]): SQL<number> {
  const each = terms.map(
    (group) => sql`(${tools.searchVector} @@ to_tsquery('simple'::regconfig, ${anyOf(group, ':A')}))::int`,
  );
  return sql<number>`(${each.length ? sql.join(each, sql` + `) : sql`0`})::real`;
}

/** The rows after a cursor's key and id in the sort's order. */
function afterCursor(order: SortOrder, [at, id]: [string, string]): SQL {
  const key = sql`${at}::${order.cast}`;
  // Ties on the key are ordered by id, the same way in both directions of the key.
  return order.desc
    ? sql`(${order.key} < ${key} or (${order.key} = ${key} and ${tools.id} > ${id}::uuid))`
    : sql`(${order.key}, ${tools.id}) > (${key}, ${id}::uuid)`;
}

/** A page's columns: a tool's, and the sort's key as the cursor carries it. */
const pageColumns = (order: SortOrder) => ({
  ...columns,
  sortKey: sql<string>`(${order.key})::text`.as('sort_key'),
});

/** pageColumns() and the sort's key beside the row, for an outer query's ORDER BY; left out of the answer. */
const keyedColumns = (order: SortOrder) => ({ ...pageColumns(order), key: sql`${order.key}`.as('key') });

/** The sort's order of a table of tools, ties by id. */
const inOrder = (order: SortOrder) => [
  order.desc ? sql`${order.key} desc` : sql`${order.key} asc`,
  asc(tools.id),
];

/** The sort's order of a subquery's rows by their key (keyedColumns()), ties by id. */
const byKey = (order: SortOrder, rows: { key: SQLWrapper; _id: SQLWrapper }) => [
  order.desc ? desc(rows.key) : asc(rows.key),
  asc(rows._id),
];

/** The page read in the sort's order, by the sort's index. */
function sortedPage({ db, query, order, where, after }: PagePlan) {
  return db
    .select(pageColumns(order))
    .from(tools)
    .where(and(where, ...after))
    .orderBy(...inOrder(order))
    .limit(query.limit + 1);
}

/**
 * Counting is the dearest part of a list without a search (all 100,000 live tools: ~30 ms on
 * PostgreSQL): the counts per category kept for GET /categories say it.
 */
async function listPage(page: PagePlan, categories: () => Promise<CategoryList>) {
  const [rows, list] = await Promise.all([sortedPage(page), categories()]);
  const total = list
    .filter((c) => !page.query.category || c.slug === page.query.category)
    .reduce((sum, c) => sum + c.count, 0);
  return { rows, total };
}

/**
 * A search's page and how many tools match, counted up to the cap first: that count chooses
 * the page's plan. A search of few matches (a rare word: 'shrnk' finds one) sorts them all,
 * whatever the sort; one of many looks for its page where it comes first.
 */
async function searchPage(page: PagePlan) {
  const { db, terms, where, sort } = page;
  if (!terms.length) return { rows: [], total: 0 };
  const [counted] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(tools)
      .where(where)
      .limit(CATALOGUE_TOTAL_CAP + 1)
      .as('matches'),
  );
  const total = Number(counted?.n ?? 0);
  if (total <= CATALOGUE_TOTAL_CAP) return { rows: await sortMatches(page), total };
  const rows =
    (await bestFirst(page)) ?? (sort === 'relevance' ? await sortedPage(page) : await searchSorted(page));
  return { rows, total };
}

/**
 * The page sorted from all of the search's matches, read through the text index: 0.2 ms for 2
 * matches, 15 ms for 8,333. An OFFSET (of 0) keeps the matches a query of their own; without
 * one the database may plan a walk of the sort's index instead. (Drizzle leaves out a literal 0.)
 */
async function sortMatches({ db, query, order, where, after }: PagePlan) {
  const matches = db
    .select(keyedColumns(order))
    .from(tools)
    .where(and(where, ...after))
    .offset(sql.placeholder('none'))
    .as('matches');
  const rows = await db
    .select()
    .from(matches)
    .orderBy(...byKey(order, matches))
    .limit(query.limit + 1)
    .execute({ none: 0 });
  return rows.map(({ key: _key, ...row }) => row);
}

/**
 * A search of many matches sorted by name, price or date walks the sort's index and keeps the
 * matches: quick when a page's worth comes within a few rows. Matches that all sort late
 * ('hammer' by name: every Rotary Hammer is a 'Torque RH-…') would make it read most of the
 * catalogue for one page (44 ms on 100,000 tools), so by name it starts at the search's first
 * name (searchWords()), and it stops after WALK tools; short of a page, the page is sorted from
 * all the matches (40 ms on PGlite for 16,667).
 */
async function searchSorted(page: PagePlan) {
  const { db, query, sort, order, terms, firstName, listed, after } = page;
  const walk = db
    .select({ ...keyedColumns(order), vector: tools.searchVector })
    .from(tools)
    .where(and(...listed, ...after, sort === 'name' && firstName ? gte(tools.nameKey, firstName) : undefined))
    .orderBy(...inOrder(order))
    .limit(WALK)
    .as('walk');
  const walked = await db
    .select()
    .from(walk)
    .where(matching(terms, sql`${walk.vector}`))
    .orderBy(...byKey(order, walk))
    .limit(query.limit + 1);
  if (walked.length > query.limit) return walked.map(({ key: _key, vector: _vector, ...row }) => row);
  return sortMatches(page);
}

/**
 * A relevance page of the best matches (every searched word in the name), looked for among the
 * search's first PROBE matches by id: for a common word they are there, and the page costs a
 * few hundred rows rather than ranking all of its matches (16,667 for 'grnder' in the 100,000
 * tools of bench/catalogue-search.ts). Undefined when they are not there, or the page is past them.
 */
async function bestFirst({ db, query, sort, order, terms, where, cursor }: PagePlan) {
  const best = terms.length;
  if (sort !== 'relevance' || (cursor && Number(cursor[0]) !== best)) return undefined;
  const probe = db
    .select({ ...pageColumns(order), rank: sql<number>`${order.key}`.as('rank') })
    .from(tools)
    .where(and(where, cursor && gt(tools.id, cursor[1])))
    .orderBy(asc(tools.id))
    .limit(PROBE)
    .as('probe');
  const rows = await db
    .select()
    .from(probe)
    .where(sql`${probe.rank} = ${best}`)
    .limit(query.limit + 1);
  return rows.length > query.limit ? rows.map(({ rank: _rank, ...row }) => row) : undefined;
}

/** Live tools with less than twice their minimum order left, by name (the admin's overview). */
export async function lowStockTools(db: Db, limit = 50): Promise<Tool[]> {
  const rows = await db
    .select(columns)
    .from(tools)
    .where(and(isNull(tools.archivedAt), sql`${tools.availableQuantity} < 2 * ${tools.minimumOrder}`))
    .orderBy(asc(tools.nameKey), asc(tools.id))
    .limit(limit);
  return rows.map(toTool);
}
