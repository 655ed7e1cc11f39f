import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { load, sideBySide, startStore } from './lib.ts';

/**
 * POST /api/purchase on PostgreSQL against raw SQL doing the same writes, with the same
 * concurrency, side by side (DESIGN §6: ≥ 0.7). Two baselines: the very statement the purchase
 * service runs (the budget's figure: it leaves only the cost of our stack), and the transaction
 * one would write by hand. Buyers are inserted directly with fresh sessions (a week left, as after
 * a sign-in); each request is a different buyer, so every one writes. The writes include the
 * order's mail in the outbox; the store also sends it (as an .eml file, without SMTP_URL), which
 * is part of what it does for a purchase. The baselines write the same mail row, due never
 * ('infinity'): the store's outbox worker would otherwise send their mail as well, on its CPU.
 */
export async function benchPurchase(
  adminUrl: string,
  opts: { duration: number; rounds: number; handWritten: boolean },
) {
  const name = `torque_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const app = await startStore({ DATABASE_URL: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  pool.on('error', () => {}); // idle clients ended by the final DROP DATABASE … WITH (FORCE)
  try {
    // Enough buyers that none comes round twice (a second order would be refused, and cost less),
    // even at 1,500 purchases a second on either side of both comparisons.
    const buyers = opts.rounds * opts.duration * 2 * 1_500 + 5_000;
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
         select 's-' || n, t, 'bench-' || n, now() + interval '7 days', now(), now()
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
    const body = JSON.stringify({
      toolsId: httpTool,
      phone: '555 0100',
      address: '1 Bench Road',
      quantity: 1,
    });
    const viaHttp = () =>
      load({
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
              body,
            }),
          },
        ],
      }).then((r) => {
        if (r.non2xx || r.errors) throw new Error(`purchase: ${r.non2xx} non-2xx, ${r.errors} errors`);
        return r.rps;
      });

    // The same writes straight on a pool of the app's size, by as many workers as connections.
    let buyer = 0;
    const nextBuyer = () => `bench-${(buyer++ % buyers) + 1}`;
    const viaSql = async (purchase: (c: pg.PoolClient, userId: string) => Promise<unknown>) => {
      let done = 0;
      const until = Date.now() + opts.duration * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) {
            const c = await pool.connect();
            try {
              await purchase(c, nextBuyer());
              done++;
            } finally {
              c.release();
            }
          }
        }),
      );
      return done / opts.duration;
    };
    // 1. The statement the purchase service runs, sent as it is: what is left is the cost of
    //    HTTP, the session lookup, validation and the ORM.
    const statement = (c: pg.PoolClient, userId: string) =>
      c.query(
        `with tool as (
           select id, name, price_cents, img from tools
           where id = $1 and archived_at is null and minimum_order <= 1
         ), taken as (
           update tools t set available_quantity = t.available_quantity - 1
           from tool
           where t.id = tool.id and t.available_quantity >= 1
             and not exists (
               select 1 from orders o
               where o.user_id = $2 and o.tool_id = tool.id and not o.paid and o.cancelled_at is null
             )
           returning t.id
         )
         , placed as (
           insert into orders
             (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, pay_by)
           select tool.id, $2, 'Bench Buyer', 'bench@example.com', '555 0100', '1 Bench Road',
             tool.name, tool.price_cents, tool.img, 1, now() + make_interval(secs => 7200::float8)
           from tool join taken on taken.id = tool.id
           returning id, name, email, product_name, product_price_cents, quantity, created_at, pay_by
         ), mailed as (
           insert into mail_outbox (kind, "to", data, next_attempt_at)
           select 'order_placed', email, jsonb_build_object('orderId', id, 'name', name,
             'productName', product_name, 'quantity', quantity, 'unitCents', product_price_cents,
             'totalCents', product_price_cents * quantity,
             'holdHours', extract(epoch from pay_by - created_at) / 3600), 'infinity'
           from placed
         )
         select id from placed`,
        [sqlTool, userId],
      );
    // 2. The transaction one would write by hand: read the tool, check for an open order, take
    //    the stock, insert the order, commit.
    const transaction = async (c: pg.PoolClient, userId: string) => {
      await c.query('begin');
      const tool = (await c.query('select * from tools where id = $1 and archived_at is null', [sqlTool]))
        .rows[0];
      const open = await c.query(
        'select id from orders where user_id = $1 and tool_id = $2 and not paid and cancelled_at is null',
        [userId, sqlTool],
      );
      if (!open.rowCount) {
        await c.query(
          'update tools set available_quantity = available_quantity - 1 where id = $1 and available_quantity >= 1',
          [sqlTool],
        );
        await c.query(
          `insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, pay_by)
           values ($1, $2, 'Bench Buyer', 'bench@example.com', '555 0100', '1 Bench Road', $3, $4, $5, 1, now() + interval '2 hours')`,
          [sqlTool, userId, tool.name, tool.price_cents, tool.img],
        );
        await c.query(
          `insert into mail_outbox (kind, "to", data, next_attempt_at)
           values ('order_placed', 'bench@example.com', $1, 'infinity')`,
          [{ name: 'Bench Buyer', productName: tool.name, quantity: 1, unitCents: tool.price_cents }],
        );
      }
      await c.query('commit');
    };

    // The budget's figure against the same statement; the hand-written transaction for reference.
    const statementRatio = await sideBySide(opts.rounds, viaHttp, () => viaSql(statement));
    const transactionRatio = opts.handWritten
      ? await sideBySide(opts.rounds, viaHttp, () => viaSql(transaction))
      : undefined;
    return {
      rps: statementRatio.a,
      statementTps: statementRatio.b,
      ratio: statementRatio.ratio,
      noise: statementRatio.noise,
      rounds: statementRatio.rounds,
      transactionTps: transactionRatio?.b,
      ratioToTransaction: transactionRatio?.ratio,
    };
  } finally {
    await app.stop();
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
