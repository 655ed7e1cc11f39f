import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { load, startTarget } from './lib.ts';

/**
 * POST /api/purchase on PostgreSQL against a raw SQL transaction doing the same writes, with the
 * same concurrency, side by side (DESIGN §6: ≥ 0.7). Buyers are inserted directly with live
 * sessions; each request is a different buyer, so every one writes.
 */
export async function benchPurchase(adminUrl: string, opts: { duration: number }) {
  const name = `torque_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const app = await startTarget(['app', 'unused-with-postgres'], { BENCH_DATABASE_URL: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  pool.on('error', () => {}); // idle clients ended by the final DROP DATABASE … WITH (FORCE)
  try {
    const buyers = 40_000;
    await pool.query(
      `insert into "user" (id, name, email, created_at, updated_at)
       select 'bench-' || g, 'Bench Buyer ' || g, 'bench' || g || '@example.com', now(), now() from generate_series(1, $1) g`,
      [buyers],
    );
    const tokens: string[] = Array.from({ length: buyers }, () => randomBytes(24).toString('base64url'));
    for (let i = 0; i < buyers; i += 5_000) {
      const slice = tokens.slice(i, i + 5_000);
      await pool.query(
        `insert into session (id, token, user_id, expires_at, created_at, updated_at)
         select 's-' || n, t, 'bench-' || n, now() + interval '1 day', now(), now()
         from unnest($1::text[]) with ordinality as x(t, n0), lateral (select (n0 + $2)::int as n) k`,
        [slice, i],
      );
    }
    const [httpTool, sqlTool] = (
      await pool.query(
        `insert into tools (name, description, img, price_cents, minimum_order, available_quantity)
         values ('Bench Saw A', 'For the bench', '/images/tools/jigsaw.svg', 1999, 1, 100000000),
                ('Bench Saw B', 'For the bench', '/images/tools/jigsaw.svg', 1999, 1, 100000000)
         returning id`,
      )
    ).rows.map((r: { id: string }) => r.id);

    const connections = 50;
    let next = 0;
    const body = (toolsId: string) =>
      JSON.stringify({ toolsId, phone: '555 0100', address: '1 Bench Road', quantity: 1 });
    const http = await load({
      url: app.url,
      connections,
      duration: opts.duration,
      requests: [
        {
          method: 'POST',
          path: '/api/purchase',
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[next++ % buyers]}`,
            },
            body: body(httpTool!),
          }),
        },
      ],
    });
    if (http.non2xx || http.errors)
      throw new Error(`purchase: ${http.non2xx} non-2xx, ${http.errors} errors`);

    // The same writes as the purchase service, straight on a pool, by the same number of workers.
    let done = 0;
    let buyer = 0;
    const until = Date.now() + opts.duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const userId = `bench-${(buyer++ % buyers) + 1}`;
          const c = await pool.connect();
          try {
            await c.query('begin');
            const tool = (
              await c.query('select * from tools where id = $1 and archived_at is null', [sqlTool])
            ).rows[0];
            const open = await c.query(
              'select id from orders where user_id = $1 and tool_id = $2 and not paid and cancelled_at is null',
              [userId, sqlTool],
            );
            if (!open.rowCount) {
              await c.query(
                'update tools set available_quantity = available_quantity - 1 where id = $1 and available_quantity >= 1 returning available_quantity',
                [sqlTool],
              );
              await c.query(
                `insert into orders (id, tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity)
                 values ($1, $2, $3, 'Bench Buyer', 'bench@example.com', '555 0100', '1 Bench Road', $4, $5, $6, 1) on conflict do nothing`,
                [randomUUID(), sqlTool, userId, tool.name, tool.price_cents, tool.img],
              );
            }
            await c.query('commit');
            done++;
          } finally {
            c.release();
          }
        }
      }),
    );
    const rawTps = done / opts.duration;
    return {
      rps: Math.round(http.rps),
      rawTps: Math.round(rawTps),
      ratio: Number((http.rps / rawTps).toFixed(3)),
      p50: http.p50,
      p99: http.p99,
    };
  } finally {
    await app.stop();
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
