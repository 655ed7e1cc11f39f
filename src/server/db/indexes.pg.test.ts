import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  origin,
  signIn,
  signUp,
  type TestAccount,
  signUpAdmin,
  verifyEmail,
} from '#tests/fixtures/accounts.ts';
import { pathOf, sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { recordStatements, type SentStatement } from '#tests/fixtures/sent-statements.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { purgeUnconfirmedSignups } from '#server/features/newsletter/newsletter.service.ts';
import { expireUnpaidOrders, refundPendingPayments } from '#server/features/orders/orders.service.ts';
import { createSandboxGateway } from '#server/features/payments/gateways/sandbox.ts';
import { reconcilePayments } from '#server/features/payments/payments.service.ts';

/**
 * Issue 7: an index for every query the API makes. Every statement the store sends PostgreSQL on a
 * customer's and an admin's way through every call, a password reset, Google's account lookups and
 * a two-factor sign-in is recorded, then planned again with sequential scans priced out of reach
 * (enable_seqscan = off): a table scanned from end to end even then has no index that serves the
 * query, and grows slower with every row.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
const ADMIN = 'indexes-admin@example.com';
// Without SMTP the store writes its mail here: the password reset's link is read from it.
const dataDir = mkdtempSync(join(tmpdir(), 'torque-indexes-'));

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN], dataDir });
});
afterAll(async () => {
  await t?.close();
});

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: TestAccount,
  payload?: object,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: who?.bearer ?? {},
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** Every call of the API once, as a customer and an admin make them. */
async function walkTheStore() {
  const admin = await signUpAdmin(t.app, { name: 'Chief', email: ADMIN, password: 'correct horse battery' });
  const ann = await signUp(t.app, 'ann');
  await signIn(t.app, { email: ann.email, password: ann.password });

  const [tool] = await call('GET', '/api/tools');
  await call('GET', `/api/tool/${tool._id}`);
  await call('GET', '/api/reviews');
  // A product page's reviews, on its first page and after a cursor.
  const named = await call('GET', `/api/tool/${tool._id}/reviews?limit=1`);
  const after =
    named.nextCursor ??
    Buffer.from(JSON.stringify(['2000-01-01 00:00:00+00', tool._id])).toString('base64url');
  await call('GET', `/api/tool/${tool._id}/reviews?limit=1&cursor=${after}`);
  await call('GET', '/api/categories');
  // The catalogue: each sort, searched or in a category, on its first page and after a cursor.
  for (const sort of ['relevance', 'name', 'price-asc', 'price-desc', 'newest']) {
    for (const filter of ['q=grnder', 'q=dirll', 'q=grin', 'category=saws', 'q=saw&category=saws', '']) {
      const first = await call('GET', `/api/catalogue?sort=${sort}&limit=1&${filter}`);
      await call('GET', `/api/catalogue?sort=${sort}&limit=1&${filter}&cursor=${first.nextCursor}`);
    }
  }
  await call('GET', '/api/config');
  await call('GET', '/api/ready');
  const toolId = (
    await call('POST', '/api/addTool', admin, {
      name: `Torque Index Saw ${randomUUID().slice(0, 6)}`,
      minimumOrder: 1,
      availableQuantity: 100,
      price: 19.99,
      img: '/images/tools/jigsaw.svg',
      description: 'A saw that exists to be bought in one test.',
    })
  ).insertedId;
  // A paid order, shipped; a second one cancelled.
  const paid = (
    await call('POST', '/api/purchase', ann, {
      toolsId: toolId,
      phone: '555 0101',
      address: '2 Road',
      quantity: 2,
    })
  ).insertedId;
  const { clientSecret } = await call('POST', '/api/create-payment-intent', ann, { orderId: paid });
  const { id: transactionId } = await call('POST', '/api/payments/sandbox/confirm', ann, {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  await call('PATCH', `/api/order/${paid}`, ann, { appointment: paid, transactionId });
  await call('PATCH', `/api/shiftNow/${paid}`, admin, { shiftNow: true });
  const cancelled = (
    await call('POST', '/api/purchase', ann, {
      toolsId: tool._id,
      phone: '555 0101',
      address: '2 Road',
      quantity: tool.minimumOrder,
    })
  ).insertedId;
  await call('GET', `/api/myOrder/${cancelled}`, ann);
  // The cancel goes through the gateway once the order has an intent.
  await call('POST', '/api/create-payment-intent', ann, { orderId: cancelled });
  await call('DELETE', `/api/myOrder/${cancelled}`, ann);
  // A paid order refunded.
  const refunded = (
    await call('POST', '/api/purchase', ann, {
      toolsId: toolId,
      phone: '555 0101',
      address: '2 Road',
      quantity: 2,
    })
  ).insertedId;
  const second = await call('POST', '/api/create-payment-intent', ann, { orderId: refunded });
  const { id: secondPayment } = await call('POST', '/api/payments/sandbox/confirm', ann, {
    clientSecret: second.clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  await call('PATCH', `/api/order/${refunded}`, ann, { appointment: refunded, transactionId: secondPayment });
  await call('POST', `/api/order/${refunded}/refund`, admin);
  await call('GET', `/api/myOrders?email=${ann.email}`, ann);
  await call('GET', `/api/user/${ann.email}`, ann);
  await call('PUT', `/api/myProfile/${ann.email}`, ann, { profession: 'Carpenter', address: '2 Road' });
  await call('GET', `/api/admin/${ann.email}`, ann);
  await call('POST', '/api/review', ann, {
    profession: 'Carpenter',
    productName: tool.name,
    ratings: 5,
    opinions: 'Straight cuts all day long.',
  });
  await call('GET', '/api/allOrders', admin);
  await call('GET', `/api/users?email=${ADMIN}`, admin);
  await verifyEmail(t.app, ann.email);
  await call('PUT', `/api/user/admin/${ann.email}`, admin);
  // Store operations: an edit, the admin's reviews and a delete, the newsletter.
  await call('PATCH', `/api/tool/${toolId}`, admin, { availableQuantity: 500, price: 21.5 });
  const reviewsPage = await call('GET', '/api/admin/reviews?limit=1', admin);
  await call('GET', `/api/admin/reviews?limit=1&cursor=${reviewsPage.nextCursor}`, admin);
  await call('DELETE', `/api/review/${reviewsPage.items[0]._id}`, admin);
  for (let i = 0; i < 2; i++) {
    await call('POST', '/api/newsletter', undefined, { name: 'Ann', email: ann.email, phone: '555 0101' });
  }
  // The mailed link, opened: the sign-up found by its token's hash.
  const [newsletterLink] = (
    await sentMailsTo(t.db, dataDir, ann.email, /Subject: Confirm your subscription/)
  ).links.slice(-1);
  const confirmed = await t.app.inject({ url: pathOf(newsletterLink!) });
  expect(confirmed.headers.location).toBe('/?newsletter=confirmed#newsletter');
  // A confirmed address: nothing to mail.
  await call('POST', '/api/newsletter', undefined, { name: 'Ann', email: ann.email });
  const newsletter = await t.app.inject({ url: '/api/admin/newsletter.csv', headers: admin.bearer });
  expect(newsletter.statusCode).toBe(200);
  await call('DELETE', `/api/tool/${toolId}`, admin);
  const audit = await call('GET', '/api/admin/audit?limit=1', admin);
  await call('GET', `/api/admin/audit?limit=1&cursor=${audit.nextCursor}`, admin);
  // The admin's lists: each filter, on its first page and after a cursor; the CSV; the overview.
  // A cursor of the lists' shape, for a filter whose first page is its last.
  const later = Buffer.from(JSON.stringify(['2100-01-01 00:00:00+00', randomUUID()])).toString('base64url');
  // An order found by its number, receipt number or transaction id.
  const [quoted] = await call('GET', '/api/admin/orders?limit=1', admin).then((p) => p.items);
  for (const q of [quoted._id.slice(0, 8), 'R-000001', 'pi_sandbox_none']) {
    await call('GET', `/api/admin/orders?limit=1&q=${q}`, admin);
  }
  for (const filter of ['', 'status=shipped', 'q=saw', 'q=ann&status=refunded']) {
    const first = await call('GET', `/api/admin/orders?limit=1&${filter}`, admin);
    await call('GET', `/api/admin/orders?limit=1&${filter}&cursor=${first.nextCursor ?? later}`, admin);
    const csv = await t.app.inject({ url: `/api/admin/orders.csv?${filter}`, headers: admin.bearer });
    expect(csv.statusCode).toBe(200);
  }
  for (const filter of ['', 'q=ann']) {
    const first = await call('GET', `/api/admin/users?limit=1&${filter}`, admin);
    await call('GET', `/api/admin/users?limit=1&${filter}&cursor=${first.nextCursor ?? later}`, admin);
  }
  await call('GET', '/api/admin/overview', admin);
  const gateway = createSandboxGateway(t.db);
  await expireUnpaidOrders(t.db, gateway);
  await reconcilePayments(t.db, gateway);
  await refundPendingPayments(t.db, gateway);
  await purgeUnconfirmedSignups(t.db);
  await resetPassword(ann);
  await googleLookups();
  await twoFactorSignIn();
}

/**
 * Two-factor: enrolment, then a sign-in that asks for the code (better-auth's own statements).
 * The Stripe webhook needs no walk of its own: it marks an order paid through `markPaid`, whose
 * statements PATCH /order sent above; what differs is its question to Stripe, not to the database.
 */
async function twoFactorSignIn() {
  const bo = await signUp(t.app, 'bo');
  const auth = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${url}`, headers: { origin, cookie }, payload });
  const enabled = await auth('two-factor/enable', { password: bo.password }, bo.cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { secret } = OTPAuth.URI.parse((enabled.json() as { totpURI: string }).totpURI);
  const code = () => ({ code: new OTPAuth.TOTP({ secret }).generate() });
  expect((await auth('two-factor/verify-totp', code(), bo.cookie)).statusCode).toBe(200);
  const first = await auth('sign-in/email', { email: bo.email, password: bo.password }, '');
  expect(first.json()).toMatchObject({ twoFactorRedirect: true });
  const pending = [first.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const second = await auth('two-factor/verify-totp', code(), pending);
  expect(second.statusCode, second.body).toBe(200);
}

/**
 * Signing in with Google, better-auth finds the account by the provider's key for it: its own
 * lookups, made here through its adapter. The browser tests walk the OpenID flow itself.
 */
async function googleLookups() {
  const { internalAdapter } = await t.app.auth.$context;
  const key = { providerId: 'google', accountId: '104729' };
  await internalAdapter.findAccountOwnerByKey(key);
  await internalAdapter.findAccountByKey(key);
}

/** Forgot password: the mail, its link, the new password (better-auth's own statements). */
async function resetPassword(account: TestAccount) {
  const auth = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${url}`, headers: { origin }, payload });
  const ask = await auth('request-password-reset', { email: account.email, redirectTo: '/reset-password' });
  expect(ask.statusCode).toBe(200);
  const [reset] = (await sentMailsTo(t.db, dataDir, account.email, /Subject: Reset your Torque password/))
    .links;
  const link = new URL(reset!);
  const landing = await t.app.inject(link.pathname + link.search);
  const token = new URL(String(landing.headers.location), link).searchParams.get('token');
  expect((await auth('reset-password', { newPassword: 'a brand new password', token })).statusCode).toBe(200);
}

/** The tables a plan reads from end to end. */
function fullScans(plan: Record<string, unknown>): string[] {
  const here = plan['Node Type'] === 'Seq Scan' ? [String(plan['Relation Name'])] : [];
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [...here, ...children.flatMap(fullScans)];
}

it('serves every query the API makes from an index', async () => {
  const recorder = recordStatements();
  try {
    await walkTheStore();
  } finally {
    recorder.stop();
  }
  // Each statement once, as first sent; transaction control (begin, set …) reads no table.
  const recorded = new Map<string, SentStatement>();
  // The test's own wait for the worker to send the mail it reads (sentMailsTo, by address) is none.
  const byTheTest = /lower\("mail_outbox"\."to"\)/;
  for (const statement of recorder.sent) {
    if (
      /^\s*(select|update|delete|insert|with)\b/i.test(statement.text) &&
      !byTheTest.test(statement.text) &&
      !recorded.has(statement.text)
    ) {
      recorded.set(statement.text, statement);
    }
  }
  expect(recorded.size).toBeGreaterThan(30);

  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  const scans: string[] = [];
  try {
    for (const { text, values } of recorded.values()) {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query(`explain (format json) ${text}`, values);
      await client.query('rollback');
      const tables = fullScans(rows[0]['QUERY PLAN'][0].Plan);
      if (tables.length) scans.push(`${tables.join(', ')} ← ${text}`);
    }
  } finally {
    client.release();
  }
  expect(scans).toEqual([]);
});
