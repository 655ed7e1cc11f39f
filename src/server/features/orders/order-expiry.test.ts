import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { user } from '#server/db/auth-schema.ts';
import { mailOutbox, orders, tools } from '#server/db/schema.ts';
import { renderMail } from '#server/features/mail/mail-templates.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { expireUnpaidOrders, purchase } from './orders.service.ts';

// The store runs with ORDER_HOLD_HOURS=1; orders placed before it restarted with that were placed under 2.
const HOLD_HOURS_NOW = 1;

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ orderHoldHours: HOLD_HOURS_NOW });
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

/** Places an order of 4 as the purchase does, under a hold of `holdHours`. */
async function placeUnder(holdHours: number, toolId: string): Promise<string> {
  const [buyer] = await t.db
    .select({ id: user.id, email: user.email, name: user.name, image: user.image })
    .from(user)
    .where(eq(user.email, ann.email));
  const placed = await purchase(
    t.db,
    { ...buyer!, admin: false },
    toolId,
    { quantity: 4, phone: '555 0100', address: '1 Test Road' },
    holdHours,
  );
  return placed.insertedId!;
}

/** As if the orders were placed `minutes` earlier than they were. */
const age = (ids: string[], minutes: number) =>
  t.db
    .update(orders)
    .set({
      createdAt: sql`${orders.createdAt} - make_interval(mins => ${minutes})`,
      payBy: sql`${orders.payBy} - make_interval(mins => ${minutes})`,
    })
    .where(inArray(orders.id, ids));

const cancelled = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.cancelledAt !== null;

it('a hold of half an hour (ORDER_HOLD_HOURS=0.5) cancels an order 31 minutes old, not one 29 minutes old', async () => {
  const oldTool = await createTool(t.db, { availableQuantity: 10 });
  const freshTool = await createTool(t.db, { availableQuantity: 10 });
  const old = await placeUnder(0.5, oldTool.id);
  const fresh = await placeUnder(0.5, freshTool.id);
  await age([old], 31);
  await age([fresh], 29);

  expect(await expireUnpaidOrders(t.db, createSandboxGateway(t.db))).toBe(1);

  expect(await cancelled(old)).toBe(true);
  expect(await cancelled(fresh)).toBe(false);
  const [stock] = await t.db.select().from(tools).where(eq(tools.id, oldTool.id));
  expect(stock?.availableQuantity).toBe(10);
});

it('an order keeps the hold it was placed under: placed under 2 hours, the store now at 1, it is shown and held 2 hours, and its mail says so', async () => {
  const before = await placeUnder(2, (await createTool(t.db)).id);
  // Placed under the store's setting now, through the API.
  const tool = await createTool(t.db);
  const res = await t.call('POST', '/api/purchase', ann, {
    toolsId: tool.id,
    quantity: 1,
    phone: '555 0100',
    address: '1 Test Road',
  });
  const now = res.json().insertedId as string;

  // My Orders says until when each is held: placed + the hold it was placed under.
  for (const [id, hours] of [
    [before, 2],
    [now, HOLD_HOURS_NOW],
  ] as const) {
    const shown = (await t.call('GET', `/api/myOrder/${id}`, ann)).json();
    expect(shown.payBy).toBe(new Date(Date.parse(shown.createdAt) + hours * 3_600_000).toISOString());
  }

  // An hour and a half later: past the new hold, within the one the first order was placed under.
  await age([before, now], 90);
  await expireUnpaidOrders(t.db, createSandboxGateway(t.db));
  expect(await cancelled(now)).toBe(true);
  expect(await cancelled(before)).toBe(false);

  // Two hours and a minute: its hold is over.
  await age([before], 31);
  await expireUnpaidOrders(t.db, createSandboxGateway(t.db));
  expect(await cancelled(before)).toBe(true);

  // Its mails, as the outbox sends them, word the hold it had, not the store's setting now.
  const mailOf = async <K extends 'order_placed' | 'order_expired'>(kind: K) => {
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), sql`${mailOutbox.data}->>'orderId' = ${before}`));
    return renderMail(kind, row!.data as never, { publicUrl: 'https://shop.example' }).text;
  };
  expect(await mailOf('order_placed')).toContain('We hold the items for you for 2 hours:');
  expect(await mailOf('order_expired')).toContain('was not paid within 2 hours, so we cancelled it');
});
