import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { recordStatements } from '#tests/fixtures/sent-statements.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { user } from '#server/db/auth-schema.ts';

/**
 * The admin's order search (decision 017, 26 Nov 2026) looks a search's words up among the buyers
 * and products first. A search that names more buyers than it reads by email reads the orders
 * newest first, and, buyers never leaving order_buyers, is not looked up again; it still finds a
 * buyer who orders after it was first asked.
 */

const ADMIN = 'search-chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Search Chief', email: ADMIN, password: 'correct horse battery' });
});
afterAll(async () => t?.close());

async function order(
  tool: { id: string; name: string },
  userId: string,
  name: string,
  email: string,
  n: number,
) {
  await t.db.execute(sql`
    insert into orders (tool_id, user_id, name, email, phone, address, product_name, product_price_cents, product_img, quantity, paid, transaction_id, created_at)
    values (${tool.id}, ${userId}, ${name}, ${email}, '1', 'x', ${tool.name}, 100, '/x.svg', 1, true, ${`pi_search_${n}`}, timestamptz '2024-01-01' + make_interval(secs => ${n}))`);
}

it('looks up the buyers of a search that names few of them each time, of one that names many once', async () => {
  const buyer = await signUp(t.app, 'searcher');
  const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, buyer.email));
  const userId = account!.id;
  const tool = await createTool(t.db, { name: 'Search Bench Grinder' });
  for (let n = 1; n <= 250; n++) await order(tool, userId, `Wide ${n}`, `wide${n}@widely.example`, n);

  const lookups = async (q: string) => {
    const recorder = recordStatements();
    const res = await t
      .call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, admin)
      .finally(recorder.stop);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { total: number; totalCapped: boolean; items: { email: string }[] };
    return { body, lookups: recorder.sent.filter(({ text }) => text.includes('"order_buyers"')).length };
  };

  expect(await lookups('widely.example')).toMatchObject({
    body: { total: 100, totalCapped: true },
    lookups: 1,
  });
  const again = await lookups('widely.example');
  expect(again).toMatchObject({ body: { total: 100, totalCapped: true }, lookups: 0 });
  expect(await lookups('wide7@')).toMatchObject({ body: { total: 1 }, lookups: 1 });
  expect(await lookups('wide7@')).toMatchObject({ lookups: 1 });

  // A buyer who orders later, the newest order, is the first a remembered search shows.
  await order(tool, userId, 'Late Comer', 'late@widely.example', 10_000);
  const late = await lookups('widely.example');
  expect(late.lookups).toBe(0);
  expect(late.body.items[0]!.email).toBe('late@widely.example');
});
