import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder } from '#tests/fixtures/factories.ts';
import { startStripeImitation } from '#tests/fixtures/stripe-imitation.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { mailOutbox, orders, sandboxPaymentIntents } from '#server/db/schema.ts';
import { createStripeClient } from './gateways/stripe.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An unpaid order of the account's, for a tool of its own at this price. */
async function placeOrder(t: TestApp, account: TestAccount, quantity = 12, priceCents = 1999) {
  return (await createOrder(t.db, account, { quantity }, { priceCents })).id;
}

const intentFor = (t: TestApp, account: TestAccount, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: account.bearer, payload });
const patchPaid = (t: TestApp, account: TestAccount, orderId: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: account.bearer,
    payload: { appointment: orderId, transactionId },
  });
const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const receiptsOf = async (t: TestApp, account: TestAccount, orderId: string) =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, account.email), eq(mailOutbox.kind, 'payment_receipt')))
  ).filter((m) => (m.data as { orderId?: string }).orderId === orderId);
/** Stripe's answer to confirming an intent that already succeeded. */
const ALREADY_SUCCEEDED = {
  code: 'payment_intent_unexpected_state',
  message:
    'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
};

describe('sandbox gateway', () => {
  let t: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t.app, 'ann');
    bob = await signUp(t.app, 'bob');
  });
  afterAll(async () => t.close());

  const confirm = (account: TestAccount, clientSecret: string, number: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: account.bearer,
      payload: {
        clientSecret,
        card: { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', ...extra },
      },
    });

  it('creates one intent per order for the server’s amount, reused on every call', async () => {
    const id = await placeOrder(t, ann, 12, 1999);
    const first = await intentFor(t, ann, { orderId: id, subTotal: 239.88 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ gateway: 'sandbox' });
    const second = await intentFor(t, ann, { orderId: id });
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, id));
    expect(intent?.amountCents).toBe(23988);
  });

  it('refuses a different subTotal, another customer’s order and a paid order', async () => {
    const id = await placeOrder(t, ann);
    expect((await intentFor(t, ann, { orderId: id, subTotal: 1 })).statusCode).toBe(409);
    expect((await intentFor(t, bob, { orderId: id })).statusCode).toBe(404);
    expect((await intentFor(t, ann, { orderId: 'nope' })).statusCode).toBe(400);
    expect((await intentFor(t, ann, { orderId: id, amount: 1 })).statusCode).toBe(400);
  });

  it('pays with 4242 4242 4242 4242; the order becomes paid with the transaction id, once', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    expect((await patchPaid(t, ann, id, clientSecret.split('_secret_')[0])).statusCode).toBe(409);

    const paid = await confirm(ann, clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const { id: transactionId, status } = paid.json();
    expect(status).toBe('succeeded');
    expect((await patchPaid(t, bob, id, transactionId)).statusCode).toBe(404);
    const res = await patchPaid(t, ann, id, transactionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, transactionId });
    expect(await orderRow(t, id)).toMatchObject({ paid: true, transactionId });
    // Idempotent, and a paid order can neither be paid again nor cancelled.
    expect((await patchPaid(t, ann, id, transactionId)).statusCode).toBe(200);
    expect((await patchPaid(t, ann, id, 'pi_sandbox_other')).statusCode).toBe(409);
    expect((await intentFor(t, ann, { orderId: id })).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/myOrder/${id}`, headers: ann.bearer })).statusCode,
    ).toBe(409);
    const mine = (
      await t.app.inject({ url: `/api/myOrders?email=${ann.email}`, headers: ann.bearer })
    ).json();
    expect(mine.find((o: { _id: string }) => o._id === id)).toMatchObject({ paid: true, transactionId });
  });

  it('refuses another order’s payment as this order’s transaction id', async () => {
    const paidOrder = await placeOrder(t, ann);
    const other = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: paidOrder })).json();
    const { id: transactionId } = (await confirm(ann, clientSecret, '4242424242424242')).json();
    const res = await patchPaid(t, ann, other, transactionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_mismatch');
    expect((await orderRow(t, other)).paid).toBe(false);
    expect((await patchPaid(t, ann, other, 'pi_made_up')).statusCode).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', 'Your card’s security code is incorrect.'],
    ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is invalid.'],
    // 3-D Secure cards: the sandbox cannot authenticate, so it never takes the money unasked.
    [
      '4000 0027 6000 3184',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
    [
      '4000 0025 0000 3155',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('declines %s with 402 %s and leaves the order unpaid', async (number, code, message) => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const res = await confirm(ann, clientSecret, number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code, message } });
    expect((await orderRow(t, id)).paid).toBe(false);
  });

  it('declines an expiry in the past and refuses malformed cards with 400', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const past = await confirm(ann, clientSecret, '4242424242424242', { expMonth: 1, expYear: 2020 });
    expect(past.statusCode).toBe(402);
    expect(past.json().error.code).toBe('expired_card');
    expect((await confirm(ann, clientSecret, '4242')).statusCode).toBe(400);
    expect((await confirm(ann, clientSecret, '4242424242424242', { cvc: '1' })).statusCode).toBe(400);
    expect((await confirm(ann, clientSecret, '4242424242424242', { expMonth: 13 })).statusCode).toBe(400);
    expect((await confirm(bob, clientSecret, '4242424242424242')).statusCode).toBe(404);
    expect((await orderRow(t, id)).paid).toBe(false);
  });

  it('refuses a second confirmation as Stripe does, charging nothing new', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    expect((await confirm(ann, clientSecret, '4242424242424242')).statusCode).toBe(200);
    const [first] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, id));

    const again = await confirm(ann, clientSecret, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_SUCCEEDED });
    const intents = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.orderId, id));
    expect(intents).toHaveLength(1);
    expect(intents[0]!.succeededAt).toEqual(first!.succeededAt);
  });

  it('refuses a declining card on a paid order’s intent the same way, never as a success', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const { id: transactionId } = (await confirm(ann, clientSecret, '4242424242424242')).json();
    expect((await patchPaid(t, ann, id, transactionId)).statusCode).toBe(200);

    const declining = await confirm(ann, clientSecret, '4000 0000 0000 0002');
    expect(declining.statusCode).toBe(409);
    expect(declining.json()).toEqual({ error: ALREADY_SUCCEEDED });
  });

  it('answers one of 10 racing confirmations, and refuses the others as second ones', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => confirm(ann, clientSecret, '4242424242424242')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: ALREADY_SUCCEEDED });
    }
  });

  it('settles a charged order whose PATCH never came when its intent is asked for: 409 order_paid', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const { id: transactionId } = (await confirm(ann, clientSecret, '4242424242424242')).json();
    // The connection dropped here: no PATCH.

    const res = await intentFor(t, ann, { orderId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'order_paid', message: 'This order is already paid.' } });
    const mine = await t.app.inject({ url: `/api/myOrder/${id}`, headers: ann.bearer });
    expect(mine.json()).toMatchObject({ paid: true, transactionId });
    expect(await receiptsOf(t, ann, id)).toHaveLength(1);
    // Asked again, and the late PATCH arriving: still one paid transition, one receipt.
    expect((await intentFor(t, ann, { orderId: id })).json().error.code).toBe('order_paid');
    expect((await patchPaid(t, ann, id, transactionId)).statusCode).toBe(200);
    expect(await receiptsOf(t, ann, id)).toHaveLength(1);
  });

  it('makes one paid transition out of 50 racing confirmations', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const { id: transactionId } = (await confirm(ann, clientSecret, '4242424242424242')).json();
    const results = await Promise.all(Array.from({ length: 50 }, () => patchPaid(t, ann, id, transactionId)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await orderRow(t, id)).toMatchObject({ paid: true, transactionId });
  });
});

describe('stripe gateway (real SDK against a local imitation of Stripe’s API)', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeImitation>>;
  let ann: TestAccount;
  const webhookSecret = 'whsec_test_torque';
  const sdk = new Stripe('sk_test_torque');
  beforeAll(async () => {
    stripeApi = await startStripeImitation();
    t = await createTestApp({
      stripe: {
        secretKey: 'sk_test_torque',
        publishableKey: 'pk_test_torque',
        webhookSecret,
        apiBase: stripeApi.url,
      },
    });
    ann = await signUp(t.app, 'ann');
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const webhook = (intent: object, secret = webhookSecret) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };

  it('creates the intent at Stripe with the order’s amount, metadata and an idempotency key', async () => {
    const id = await placeOrder(t, ann, 3, 1250);
    const res = await intentFor(t, ann, { orderId: id, subTotal: 37.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_torque' });
    const intent = [...stripeApi.intents.values()].find((i) => i.metadata.orderId === id);
    expect(intent).toMatchObject({ amount: 3750, currency: 'usd', client_secret: res.json().clientSecret });
    expect((await intentFor(t, ann, { orderId: id })).json().clientSecret).toBe(res.json().clientSecret);
    expect([...stripeApi.intents.values()].filter((i) => i.metadata.orderId === id)).toHaveLength(1);
  });

  it('does not mark an order paid before Stripe says the intent succeeded', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const res = await patchPaid(t, ann, id, clientSecret.split('_secret_')[0]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_incomplete');
  });

  it('refuses a webhook whose signature does not match, changing nothing', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const intent = stripeApi.succeed(clientSecret.split('_secret_')[0]);
    const res = await webhook(intent, 'whsec_forged');
    expect(res.statusCode).toBe(400);
    expect((await orderRow(t, id)).paid).toBe(false);
  });

  it('makes one paid transition and one transaction id out of 50 racing webhooks and PATCHes', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const intent = stripeApi.succeed(clientSecret.split('_secret_')[0]);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? webhook(intent) : patchPaid(t, ann, id, intent.id))),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    expect(await orderRow(t, id)).toMatchObject({ paid: true, transactionId: intent.id });
  });

  it('refuses a second confirmation with Stripe’s payment_intent_unexpected_state', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const intentId = clientSecret.split('_secret_')[0];
    // Stripe.js's side, through the SDK.
    const browser = createStripeClient({
      secretKey: 'sk_test_torque',
      publishableKey: 'pk_test_torque',
      webhookSecret,
      apiBase: stripeApi.url,
    });
    expect((await browser.paymentIntents.confirm(intentId)).status).toBe('succeeded');
    await expect(browser.paymentIntents.confirm(intentId)).rejects.toMatchObject({
      ...ALREADY_SUCCEEDED,
      payment_intent: { id: intentId, status: 'succeeded' },
    });
  });

  it('settles a charged order whose PATCH never came when its intent is asked for: 409 order_paid', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const intent = stripeApi.succeed(clientSecret.split('_secret_')[0]);
    const res = await intentFor(t, ann, { orderId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_paid');
    expect(await orderRow(t, id)).toMatchObject({ paid: true, transactionId: intent.id });
    expect(await receiptsOf(t, ann, id)).toHaveLength(1);
  });

  it('refuses a webhook intent whose amount differs from the order', async () => {
    const id = await placeOrder(t, ann);
    const { clientSecret } = (await intentFor(t, ann, { orderId: id })).json();
    const intent = stripeApi.succeed(clientSecret.split('_secret_')[0]);
    intent.amount = 1;
    expect((await webhook(intent)).statusCode).toBe(200);
    expect((await orderRow(t, id)).paid).toBe(false);
    expect((await patchPaid(t, ann, id, intent.id)).json().error.code).toBe('amount_mismatch');
  });
});
