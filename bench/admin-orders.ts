import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, type LoadResult, onScratchPostgres, startStore, type Target } from './lib.ts';

/**
 * DESIGN §6: the admin's lists on 1,000,000 orders. A page of GET /api/admin/orders (any filter, any
 * cursor) p99 ≤ 30 ms at 50 connections; GET /api/admin/orders.csv of every order grows the store's
 * RSS by < 50 MB. A fixture of its own: 10,000 buyers, 200 tools, 1,000,000 orders a second apart,
 * most shipped, some paid, unpaid, cancelled or refunded. The same pages on PostgreSQL, then on
 * PGlite (its fixture goes in while the store is stopped: about 80 s); the CSV on PostgreSQL.
 */
const ORDERS = 1_000_000;
const BUYERS = 10_000;
const TOOLS = 200;

// One statement per table. Buyer and tool by row number, so that no buyer has two open orders of
// one tool (the store's unique index); the status by row number too: 85% shipped, 6% paid,
// 4% unpaid, 3% cancelled, 2% refunded.
const FIXTURE = [
  `insert into "user" (id, name, email, email_verified, created_at, updated_at)
   select 'buyer-' || g, 'Buyer ' || g || ' ' || (array['Smith','Jones','Garcia','Okafor','Nakamura','Silva'])[1 + g % 6],
     'buyer' || g || '@example.com', true, now() - interval '1 year', now()
   from generate_series(0, ${BUYERS - 1}) g`,
  `insert into tools (name, description, img, price_cents, minimum_order, available_quantity, category)
   select 'Torque ' || (array['DX','AG','CS','IX','RH','PT','HG','JS'])[1 + g % 8] || '-' || g || ' '
       || (array['Cordless Drill','Angle Grinder','Circular Saw','Impact Driver','Rotary Hammer','Press Tool','Heat Gun','Jigsaw'])[1 + g % 8],
     'A tool of the admin lists bench.', '/images/tools/jigsaw.svg', 1000 + g * 37, 1, 1000000, 'other'
   from generate_series(0, ${TOOLS - 1}) g`,
  `insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents,
     product_img, quantity, paid, shift_now, transaction_id, paid_at, cancelled_at, refunded_at, refund_id, created_at, pay_by)
   select t.id, 'buyer-' || b, u.name, u.email, '555 0100', '1 Bench Road', t.name, t.price_cents, t.img,
     1 + g % 5,
     s in ('paid', 'shipped', 'refunded'),
     s = 'shipped',
     case when s in ('paid', 'shipped', 'refunded') then 'pi_bench_' || g end,
     case when s in ('paid', 'shipped', 'refunded') then now() - (g || ' seconds')::interval + interval '1 minute' end,
     case when s = 'cancelled' then now() - (g || ' seconds')::interval + interval '2 hours' end,
     case when s = 'refunded' then now() - (g || ' seconds')::interval + interval '1 hour' end,
     case when s = 'refunded' then 're_bench_' || g end,
     now() - (g || ' seconds')::interval,
     now() - (g || ' seconds')::interval + interval '2 hours'
   from generate_series(1, ${ORDERS}) g
   cross join lateral (select g % ${BUYERS} as b, (g / ${BUYERS}) % ${TOOLS} as k,
       case when g % 100 < 85 then 'shipped' when g % 100 < 91 then 'paid' when g % 100 < 95 then 'unpaid'
            when g % 100 < 98 then 'cancelled' else 'refunded' end as s) x
   join "user" u on u.id = 'buyer-' || x.b
   join (select id, name, price_cents, img, row_number() over (order by name) - 1 as k
         from tools where description = 'A tool of the admin lists bench.') t on t.k = x.k`,
  // As autovacuum leaves a table after a load: statistics, the visibility map (index-only scans) and
  // the trigram index's pending list flushed.
  'vacuum analyze',
];

// The cursor of a deep page: the 500,000th order newest first (all but cancelled), and the 400,000th
// shipped one, as the store encodes a cursor (created_at as the database writes it, and the id).
const DEEP = `select created_at::text as at, id from orders where status <> 'cancelled'
  order by created_at desc, id desc offset 500000 limit 1`;
const DEEP_SHIPPED = `select created_at::text as at, id from orders where status = 'shipped'
  order by created_at desc, id desc offset 400000 limit 1`;

const cursorOf = (row: { at: string; id: string }) =>
  Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');

interface Figure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

const figureOf = (r: LoadResult): Figure => ({
  p50: r.p50,
  p99: r.rps > 0 ? r.p99 : Number.POSITIVE_INFINITY,
  rps: Math.round(r.rps),
  errors: r.errors + r.non2xx,
});

async function measure(
  app: Target,
  token: string,
  cursors: { deep: string; shipped: string },
  duration: number,
  database: 'postgres' | 'pglite',
) {
  const headers = { authorization: `Bearer ${token}` };
  const calls = {
    'first page, no filter': '/api/admin/orders',
    'deep cursor (row 500,000), no filter': `/api/admin/orders?cursor=${cursors.deep}`,
    'status=shipped, deep cursor (row 400,000)': `/api/admin/orders?status=shipped&cursor=${cursors.shipped}`,
    'status=unpaid': '/api/admin/orders?status=unpaid',
    'q=buyer4242@ (one buyer)': '/api/admin/orders?q=buyer4242%40',
    'q=grinder (1 order in 8)': '/api/admin/orders?q=grinder',
    'q=okafor&status=refunded': '/api/admin/orders?q=okafor&status=refunded',
  };
  const figures: Record<string, Figure> = {};
  for (const [name, path] of Object.entries(calls)) {
    // A call left queued by the one before may find the pool busy (503): asked again until it answers.
    for (let attempt = 1; ; attempt++) {
      const first = await fetch(app.url + path, { headers });
      if (first.ok) break;
      if (attempt === 10) throw new Error(`${path}: ${first.status} ${await first.text()}`);
      await new Promise((r) => setTimeout(r, 3000));
    }
    await load({ url: app.url + path, headers, connections: 50, duration: 1, timeout: 30 });
    figures[name] = figureOf(
      await load({ url: app.url + path, headers, connections: 50, duration, timeout: 30 }),
    );
    console.error(`admin orders (${database}), ${name}: ${JSON.stringify(figures[name])}`);
    // Requests that timed out on the client may still hold the database: let them drain.
    await new Promise((r) => setTimeout(r, 2000));
  }
  return figures;
}

/** Streams every order but the cancelled ones (the list's default) as CSV, sampling the store's RSS every 50 ms: its growth over the start. */
async function exportAll(app: Target, token: string) {
  const before = app.rssMb();
  let most = before;
  const sampler = setInterval(() => {
    most = Math.max(most, app.rssMb());
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${app.url}/api/admin/orders.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`orders.csv: ${res.status}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    rows: lines - 1,
    mb: Math.round(bytes / 1e6),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssBeforeMb: before,
    rssGrowthMb: most - before,
  };
}

/** Any SQL client: a node-postgres Client or PGlite. */
interface Queryable {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * Seeds the fixture and an admin with a live session (its token is the bearer token, as
 * PUT /user/{email} answers it); answers the token and the two deep cursors.
 */
async function seed(db: Queryable) {
  const seeding = performance.now();
  for (const statement of FIXTURE) await db.query(statement);
  const seedSeconds = Math.round((performance.now() - seeding) / 1000);
  const token = randomBytes(24).toString('base64url');
  await db.query(
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
       values ('bench-admin', 'Bench Admin', 'bench-admin@example.com', true, 'admin', now(), now())`,
  );
  await db.query(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at)
       values ('bench-admin-session', $1, 'bench-admin', now() + interval '1 day', now(), now())`,
    [token],
  );
  const deep = (await db.query<{ at: string; id: string }>(DEEP)).rows[0]!;
  const shipped = (await db.query<{ at: string; id: string }>(DEEP_SHIPPED)).rows[0]!;
  return { seedSeconds, token, cursors: { deep: cursorOf(deep), shipped: cursorOf(shipped) } };
}

export async function benchAdminOrders(postgresAdminUrl: string, opts: { duration: number; csv?: boolean }) {
  const onPostgres = await onScratchPostgres(postgresAdminUrl, 'orders', async (app, url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { seedSeconds, token, cursors } = await seed(client);
    await client.end();
    // The export first, on a store that has just started: its memory then is the baseline.
    const csv = opts.csv === false ? undefined : await exportAll(app, token);
    console.error(`admin orders, csv: ${JSON.stringify(csv)}`);
    const pages = await measure(app, token, cursors, opts.duration, 'postgres');
    return { seedSeconds, pages, csv };
  });

  // PGlite: the store creates and migrates its database; the fixture goes in while it is stopped
  // (one process per data directory).
  const dir = mkdtempSync(join(tmpdir(), 'torque-bench-orders-'));
  try {
    const data = { DATA_DIR: join(dir, 'data') };
    await (await startStore(data)).stop();
    const lite = await PGlite.create(join(dir, 'data', 'pg'), { extensions: { pg_trgm } });
    const { seedSeconds, token, cursors } = await seed(lite);
    await lite.close();
    const app = await startStore(data);
    try {
      const pages = await measure(app, token, cursors, opts.duration, 'pglite');
      return {
        seedSeconds: { postgres: onPostgres.seedSeconds, pglite: seedSeconds },
        postgres: onPostgres.pages,
        pglite: pages,
        csv: onPostgres.csv,
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/admin-orders.ts`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(
    JSON.stringify(
      await benchAdminOrders(url, { duration: Number(process.env.BENCH_DURATION ?? 5) }),
      null,
      2,
    ),
  );
}
