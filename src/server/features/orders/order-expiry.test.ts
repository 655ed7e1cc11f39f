import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, tools } from '#server/db/schema.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { expireUnpaidOrders } from './orders.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

it('a hold of half an hour (ORDER_HOLD_HOURS=0.5) cancels an order 31 minutes old, not one 29 minutes old', async () => {
  const oldTool = await createTool(t.db, { availableQuantity: 10 });
  const freshTool = await createTool(t.db, { availableQuantity: 10 });
  const old = await createOrder(t.db, ann, { createdAt: minutesAgo(31), quantity: 4 }, oldTool);
  const fresh = await createOrder(t.db, ann, { createdAt: minutesAgo(29), quantity: 4 }, freshTool);

  expect(await expireUnpaidOrders(t.db, createSandboxGateway(t.db), 0.5)).toBe(1);

  const cancelled = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.cancelledAt !== null;
  expect(await cancelled(old.id)).toBe(true);
  expect(await cancelled(fresh.id)).toBe(false);
  const [stock] = await t.db.select().from(tools).where(eq(tools.id, oldTool.id));
  expect(stock?.availableQuantity).toBe(14);
});
