import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { logSink } from '#tests/fixtures/log-sink.ts';
import { startStripeImitation } from '#tests/fixtures/stripe-imitation.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, tools } from '#server/db/schema.ts';
import { CLI, promote } from '#server/features/accounts/accounts.service.ts';
import { createStripeClient, createStripeGateway } from './gateways/stripe.ts';
import { reconcilePayments } from './payments.service.ts';

// Issue 14 in Stripe mode: the official SDK, end to end, against the local imitation of Stripe's API.

const settings = {
  secretKey: 'sk_test_torque',
  publishableKey: 'pk_test_torque',
  webhookSecret: 'whsec_test_torque',
};
const log = logSink();
let t: Awaited<ReturnType<typeof createTestApp>>;
let stripeApi: Awaited<ReturnType<typeof startStripeImitation>>;
let admin: TestAccount;
let ann: TestAccount;
/** The browser's side: Stripe.js confirming a card, here through the SDK. */
let browser: Stripe;
beforeAll(async () => {
  stripeApi = await startStripeImitation();
  t = await createTestApp(
    { stripe: { ...settings, apiBase: stripeApi.url } },
    { logger: pino({ level: 'info' }, log.sink) },
  );
  admin = await signUp(t.app, 'stripeadmin');
  await promote(t.db, CLI, admin.email);
  ann = await signUp(t.app, 'ann');
  browser = createStripeClient({ ...settings, apiBase: stripeApi.url });
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: TestAccount, payload?: object) =>
  t.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.db.select().from(tools).where(eq(tools.id, id)))[0]!.availableQuantity;

/** A purchase and its intent at Stripe: answers the order and the intent's id. */
async function orderWithIntent(toolId: string, quantity = 2) {
  const bought = await call('POST', '/api/purchase', ann, {
    toolsId: toolId,
    phone: '555 0100',
    address: '1 Road',
    quantity,
  });
  const id: string = bought.json().insertedId;
  const { clientSecret } = (await call('POST', '/api/create-payment-intent', ann, { orderId: id })).json();
  return { id, intentId: String(clientSecret).split('_secret_')[0]! };
}
const webhook = (type: string, object: unknown) => {
  const { payload, signature } = stripeApi.signedEvent(type, object, settings.webhookSecret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
};

it('a cancelled order cancels its intent at Stripe: the card can no longer be charged', async () => {
  const tool = await createTool(t.db, { availableQuantity: 10 });
  const { id, intentId } = await orderWithIntent(tool.id);
  expect((await call('DELETE', `/api/myOrder/${id}`, ann)).statusCode).toBe(200);
  expect(stripeApi.intents.get(intentId)?.status).toBe('canceled');
  await expect(browser.paymentIntents.confirm(intentId)).rejects.toMatchObject({
    code: 'payment_intent_unexpected_state',
  });
  expect(await stockOf(tool.id)).toBe(10);
});

it('an order whose payment succeeded at Stripe is not cancelled: it becomes paid (409 order_paid)', async () => {
  const tool = await createTool(t.db, { availableQuantity: 10 });
  const { id, intentId } = await orderWithIntent(tool.id);
  await browser.paymentIntents.confirm(intentId);
  const res = await call('DELETE', `/api/myOrder/${id}`, ann);
  expect(res.statusCode).toBe(409);
  expect(await orderRow(id)).toMatchObject({ paid: true, transactionId: intentId, cancelledAt: null });
  expect(await stockOf(tool.id)).toBe(8);
});

it('a signed payment_intent.succeeded for a closed order is refunded through Stripe and audited', async () => {
  const tool = await createTool(t.db);
  const { id, intentId } = await orderWithIntent(tool.id);
  // Cancelled in our database while the intent still succeeded at Stripe (the two raced).
  await t.db.update(orders).set({ cancelledAt: new Date() }).where(eq(orders.id, id));
  const intent = stripeApi.succeed(intentId);
  expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
  const refunds = [...stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]!.amount).toBe(intent.amount);
  // Stripe retries webhooks: a second delivery is the same refund.
  expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
  expect([...stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  const audit = (await call('GET', '/api/admin/audit?limit=100', admin)).json().items;
  expect(audit.filter((e: { target: string }) => e.target === id)).toEqual([
    expect.objectContaining({ action: 'payment.refund', actorEmail: 'store' }),
  ]);
  expect((await orderRow(id)).paid).toBe(false);
});

/** Every audit entry, as the admin console reads it. */
const auditEntries = async (): Promise<{ action: string; target: string }[]> =>
  (await call('GET', '/api/admin/audit?limit=100', admin)).json().items;
/** An intent that another store on the same Stripe account made and its customer paid. */
async function othersPayment(orderId: string, amount = 5000) {
  const made = await browser.paymentIntents.create({ amount, currency: 'usd', metadata: { orderId } });
  await browser.paymentIntents.confirm(made.id);
  return stripeApi.intents.get(made.id)!;
}

it('a signed payment_intent.succeeded naming no order of this store is left alone: 200, no refund, no audit', async () => {
  // A staging and a live store on one Stripe account each receive the other's events.
  const orderId = randomUUID();
  const intent = await othersPayment(orderId);
  const refundsBefore = stripeApi.refunds.size;
  const auditBefore = (await auditEntries()).length;
  log.lines.length = 0;
  const res = await webhook('payment_intent.succeeded', intent);
  expect(res.statusCode).toBe(200);
  expect(stripeApi.refunds.size).toBe(refundsBefore);
  expect([...stripeApi.refunds.values()].filter((r) => r.payment_intent === intent.id)).toEqual([]);
  expect(stripeApi.intents.get(intent.id)?.status).toBe('succeeded');
  expect(await auditEntries()).toHaveLength(auditBefore);
  expect((await auditEntries()).filter((e) => e.target === orderId)).toEqual([]);
  // The operator can still find it: one line with the payment intent's id.
  expect(log.entries().filter((e) => e.intent === intent.id)).toEqual([
    expect.objectContaining({ level: 30, orderId, msg: 'payment for no order of this store left alone' }),
  ]);
});

it('a payment this store never made for one of its closed orders is not refunded', async () => {
  const tool = await createTool(t.db);
  const { id, intentId } = await orderWithIntent(tool.id, 1);
  await t.db.update(orders).set({ cancelledAt: new Date() }).where(eq(orders.id, id));
  // Another store naming the same order id (a staging copy of this database), for the same amount.
  const intent = await othersPayment(id, stripeApi.intents.get(intentId)!.amount);
  log.lines.length = 0;
  expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
  expect([...stripeApi.refunds.values()].filter((r) => r.payment_intent === intent.id)).toEqual([]);
  expect((await auditEntries()).filter((e) => e.target === id)).toEqual([]);
  expect(log.entries().filter((e) => e.intent === intent.id)).toEqual([
    expect.objectContaining({ level: 40, orderId: id }),
  ]);
  expect(await orderRow(id)).toMatchObject({ paid: false, refundId: null });
});

it('a signed payment_intent.succeeded without a payment intent answers 400 bad_event', async () => {
  for (const data of [null, {}, { object: null }, { object: { metadata: {} } }]) {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data,
    });
    const signature = browser.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode, JSON.stringify(data)).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_event', message: expect.any(String) } });
  }
});

it('an admin refund goes through Stripe’s Refunds API, in full, once', async () => {
  const tool = await createTool(t.db, { availableQuantity: 10 });
  const { id, intentId } = await orderWithIntent(tool.id, 3);
  await browser.paymentIntents.confirm(intentId);
  expect(
    (await call('PATCH', `/api/order/${id}`, ann, { appointment: id, transactionId: intentId })).statusCode,
  ).toBe(200);
  const res = await call('POST', `/api/order/${id}/refund`, admin);
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('refunded');
  const refunds = [...stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId);
  expect(refunds).toEqual([expect.objectContaining({ amount: stripeApi.intents.get(intentId)!.amount })]);
  expect((await orderRow(id)).refundId).toBe(refunds[0]!.id);
  expect((await call('POST', `/api/order/${id}/refund`, admin)).statusCode).toBe(409);
  expect(await stockOf(tool.id)).toBe(10);
});

it('the reconciliation pass marks paid an order whose payment succeeded at Stripe without the PATCH', async () => {
  const tool = await createTool(t.db);
  const { id, intentId } = await orderWithIntent(tool.id);
  await browser.paymentIntents.confirm(intentId);
  const gateway = createStripeGateway(browser, { ...settings, apiBase: stripeApi.url });
  expect((await reconcilePayments(t.db, gateway)).settled).toBe(1);
  expect(await orderRow(id)).toMatchObject({ paid: true, transactionId: intentId });
});
