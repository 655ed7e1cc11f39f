import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#tests/fixtures/test-app.ts';
import type { Database } from '#server/db/client.ts';
import { orderFacts, orderFactsJson } from './mail-templates.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('an order mail’s facts', () => {
  it('are the same written in SQL (purchase, expiry) as in TypeScript (orderFacts)', async () => {
    const row = { id: 'order-1', name: 'Ann', productName: 'Drill', quantity: 3, productPriceCents: 1999 };
    const result = (await database.db.execute(sql`
      select ${orderFactsJson('r')} as facts
      from (values (${row.id}, ${row.name}, ${row.productName}, ${row.quantity}::int, ${row.productPriceCents}::int))
        as r(id, name, product_name, quantity, product_price_cents)`)) as unknown as {
      rows: { facts: Record<string, unknown> }[];
    };
    const fromSql = result.rows[0]!.facts;
    expect(Object.keys(fromSql).sort()).toEqual(Object.keys(orderFacts(row)).sort());
    expect(fromSql).toEqual(orderFacts(row));
  });
});
