import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, type LoadResult, onScratchPostgres, startStore, type Target } from './lib.ts';

/**
 * DESIGN §6: GET /api/catalogue on 100,000 tools, p99 ≤ 25 ms at 50 connections, on PGlite and on
 * PostgreSQL. A fixture of its own (never the demo's): 100,000 live tools in every category, named
 * and described from a few dozen words, so that a search matches thousands. Three calls: a search
 * with a typo, a category by price, and a page deep in the catalogue by name (a cursor 60,000 rows
 * in). The store keeps a search's answer until the catalogue changes: those three, asked again and
 * again, are answered from memory after the first. A fourth figure asks a different search each time
 * (2,640 of them, more than the store keeps), so that every request is a query.
 */
const TOOLS = 100_000;

// One statement, the same on both databases: names and descriptions from arrays, by row number.
const FIXTURE = `
insert into tools (name, description, img, price_cents, minimum_order, available_quantity, category, created_at)
select
  'Torque ' || (array['DX','AG','CS','IX','RH','PT','HG','JS','RS','NG','OS','BG'])[1 + g % 12] || '-' || g || ' '
    || (array['Cordless Drill Driver','Angle Grinder','Circular Saw','Impact Driver','Rotary Hammer',
              'Press Tool','Heat Gun','Jigsaw','Reciprocating Saw','Framing Nailer','Orbital Sander',
              'Bench Grinder'])[1 + g % 12],
  (array['Brushless','Compact','Heavy-duty','Site-ready','Workshop'])[1 + g % 5] || ' tool for '
    || (array['framing crews','fabrication shops','electricians','plumbers','joiners','decorators'])[1 + g % 6]
    || ', with a ' || (array['metal chuck','tool-free guard','LED ring','dust port','quick clamp'])[1 + g % 7 % 5]
    || ' and ' || (g % 40 + 10) || ' settings.',
  '/images/tools/jigsaw.svg',
  1000 + (g * 7919) % 90000,
  1 + g % 50,
  g % 5000,
  (array['cordless-drills','angle-grinders','saws','cordless-drills','rotary-hammers','pipe-press-tools',
         'heat-guns','saws','saws','nailers','sanders','bench-grinders'])[1 + g % 12],
  now() - (g || ' seconds')::interval
from generate_series(1, ${TOOLS}) g`;

// The 60,000th tool by name: the cursor of a deep page (the key as the catalogue encodes it: the
// name as read, tools.name_key).
const DEEP = `select name_key as name, id from tools where archived_at is null order by name_key, id offset 60000 limit 1`;

// Searches with a typo, each of which matches thousands of tools but one ('shrnk' stands for
// 'shrink': the demo's heat gun), in every sort, then again with the next page size: 2,640
// addresses. Every search and sort comes in every 55 requests, so that a run of any length asks
// each of them alike. Until 27 Nov 2026 'drll', 'sandr', 'impakt' and 'jigsw' found nothing: a
// word then stood for a catalogue word only when they shared half their trigrams.
const SEARCHES = [
  'grnder',
  'drll',
  'sawz',
  'hamer',
  'nailr',
  'sandr',
  'impakt',
  'jigsw',
  'heet%20gun',
  'pres%20tol',
  'shrnk',
].flatMap((q) =>
  ['relevance', 'name', 'price-asc', 'price-desc', 'newest'].map((sort) => `q=${q}&sort=${sort}`),
);
const UNCACHED = Array.from({ length: 48 }, (_, i) =>
  SEARCHES.map((search) => `/api/catalogue?${search}&limit=${i + 1}`),
).flat();

interface Figure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

const cursorOf = (key: string, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

// Errors (timeouts) are reported with the figure, not hidden by it. No answer within the run: its
// p99 is at least the run's length.
const figureOf = (r: LoadResult): Figure => ({
  p50: r.p50,
  p99: r.rps > 0 ? r.p99 : Number.POSITIVE_INFINITY,
  rps: Math.round(r.rps),
  errors: r.errors + r.non2xx,
});

async function measure(app: Target, cursor: string, duration: number) {
  // The searches last: their queries outlive the load that sent them, and would slow the others.
  const calls = {
    'category (saws, price-asc)': '/api/catalogue?category=saws&sort=price-asc',
    'deep cursor (name, row 60,000)': `/api/catalogue?sort=name&cursor=${cursor}`,
    'search (q=grnder)': '/api/catalogue?q=grnder',
  };
  const figures: Record<string, Figure> = {};
  for (const [name, path] of Object.entries(calls)) {
    const first = await fetch(app.url + path);
    if (!first.ok) throw new Error(`${path}: ${first.status} ${await first.text()}`);
    await load({ url: app.url + path, connections: 50, duration: 1, timeout: 30 });
    figures[name] = figureOf(await load({ url: app.url + path, connections: 50, duration, timeout: 30 }));
  }
  let n = 0;
  figures['search, a different one each time (not cached)'] = figureOf(
    await load({
      url: app.url,
      connections: 50,
      duration,
      timeout: 30,
      requests: [{ setupRequest: (req) => ({ ...req, path: UNCACHED[n++ % UNCACHED.length] }) }],
    }),
  );
  return figures;
}

export async function benchCatalogueSearch(
  postgresAdminUrl: string,
  opts: { duration: number; only?: 'pglite' | 'postgres' },
) {
  const results: Record<string, Record<string, Figure>> = {};

  // PGlite: the store creates and migrates its database; the fixture goes in while it is stopped
  // (one process per data directory).
  const dir = mkdtempSync(join(tmpdir(), 'torque-bench-search-'));
  if (opts.only !== 'postgres')
    try {
      const data = { DATA_DIR: join(dir, 'data') };
      await (await startStore(data)).stop();
      const lite = await PGlite.create(join(dir, 'data', 'pg'), { extensions: { pg_trgm } });
      await lite.exec(FIXTURE);
      await lite.exec('analyze tools');
      const { rows } = await lite.query<{ name: string; id: string }>(DEEP);
      await lite.close();
      const app = await startStore(data);
      try {
        results.pglite = await measure(app, cursorOf(rows[0]!.name, rows[0]!.id), opts.duration);
      } finally {
        await app.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

  if (opts.only === 'pglite') return results;
  results.postgres = await onScratchPostgres(postgresAdminUrl, 'search', async (app, url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(FIXTURE);
    await client.query('analyze tools');
    const { rows } = await client.query<{ name: string; id: string }>(DEEP);
    await client.end();
    return measure(app, cursorOf(rows[0]!.name, rows[0]!.id), opts.duration);
  });
  return results;
}

// `node bench/catalogue-search.ts`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const only = process.argv[2] as 'pglite' | 'postgres' | undefined;
  console.log(JSON.stringify(await benchCatalogueSearch(url, { duration: 5, only }), null, 2));
}
