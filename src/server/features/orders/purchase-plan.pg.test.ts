import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '#tests/fixtures/accounts.ts';
import { recordStatements } from '#tests/fixtures/sent-statements.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

/**
 * A purchase's plan holds as the orders grow. PostgreSQL plans a named prepared statement once per
 * connection (a generic plan from its sixth run) and keeps it: the purchase, named, was planned on
 * a new store's empty tables, and its check for the buyer's open order then read every open order
 * of the store, so each purchase was slower than the last (26 Nov 2026: 946 purchases a second
 * falling to 238 within 24 s). The purchase is replayed here as the store sends it, on one
 * connection, first on empty tables, then once 20,000 other customers have an open order each: its
 * plan must still find the buyer's open order through the buyer.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

it("finds the buyer's open order through the buyer however many orders are open", async () => {
  const ann = await signUp(t.app, 'ann');
  const [tool] = (await (await t.call('GET', '/api/tools')).json()) as {
    _id: string;
    minimumOrder: number;
  }[];
  const recorder = recordStatements();
  const res = await t
    .call('POST', '/api/purchase', ann, {
      toolsId: tool!._id,
      phone: '555 0100',
      address: '1 Plan Road',
      quantity: tool!.minimumOrder,
    })
    .finally(recorder.stop);
  expect(res.statusCode, res.body).toBe(200);
  const sent = recorder.sent.find(({ text }) => /insert into "orders"/.test(text));
  expect(sent, 'the purchase statement was not seen at the driver').toBeDefined();
  const { name, text, values } = sent!;

  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  try {
    // Run as the store runs it on one of its connections: enough times for a generic plan. Ann
    // has her open order already, so these take nothing.
    for (let i = 0; i < 8; i++) await client.query({ ...(name && { name }), text, values });
    await client.query(
      `insert into "user" (id, name, email, created_at, updated_at)
       select 'plan-' || g, 'Plan Buyer ' || g, 'plan' || g || '@example.com', now(), now()
       from generate_series(1, 20000) g`,
    );
    await client.query(
      `insert into orders (tool_id, user_id, name, email, phone, address, product_name,
         product_price_cents, product_img, quantity, pay_by)
       select t.id, 'plan-' || g, 'Plan Buyer', 'plan@example.com', '555', 'Road', t.name,
         t.price_cents, t.img, t.minimum_order, now() + interval '2 hours'
       from generate_series(1, 20000) g, tools t where t.id = $1`,
      [tool!._id],
    );
    const literal = (v: unknown) => (v === null ? 'null' : client.escapeLiteral(String(v)));
    const explained = name
      ? await client.query(`explain (format json) execute ${name}(${values.map(literal).join(', ')})`)
      : await client.query({ text: `explain (format json) ${text}`, values });
    const plan = (explained.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
    const ordersRead = nodes(plan).filter(
      (n) => n['Relation Name'] === 'orders' && n['Node Type'] !== 'ModifyTable',
    );
    expect(ordersRead.length).toBeGreaterThan(0);
    for (const scan of ordersRead) {
      expect(scan['Index Cond'] ?? '', JSON.stringify(scan)).toMatch(/user_id/);
    }
  } finally {
    await client.end();
  }
});
