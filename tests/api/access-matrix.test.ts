import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signIn, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder, createPaidOrder, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { buildApp } from '#server/app.ts';
import { user } from '#server/db/auth-schema.ts';
import { newsletterLinks, newsletterSignups, profiles, reviews, tools } from '#server/db/schema.ts';
import {
  changedTables,
  expireSession,
  insertUser,
  isErrorShape,
  parseJson,
  snapshot,
  userIdOf,
} from './support.ts';

// Every route the app registers, as Fastify announces it: each Fastify instance gets an onRoute
// hook the moment it is created, so no route (hidden from the docs or not) escapes the table.
const registered = vi.hoisted(() => new Map<object, { method: string; url: string }[]>());
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = original(...args);
    const routes: { method: string; url: string }[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? '' });
    });
    return app;
  }, mod.default) as unknown as typeof mod.default;
  return { ...mod, default: wrapped, fastify: wrapped };
});

// Not API calls of SPEC §7: better-auth's own, the OpenAPI pages, and the probes.
const EXCLUDED = [/^(GET|POST) \/api\/auth\//, /^GET \/api\/docs/, /^GET \/api\/(health|ready|config)$/];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type CallerName =
  | 'anonymous'
  | 'forged token'
  | 'expired token'
  | 'expired admin token'
  | 'signed-out token'
  | 'signed-out admin token'
  | 'another customer'
  | 'customer'
  | 'admin';

interface Caller {
  name: CallerName;
  /** The access token sent as a bearer (none for anonymous). */
  token?: string;
  /** The session cookie, for the one call that takes it (PUT /user/{email}). */
  cookie?: string;
  /** The account's email, for calls that must be asked with the caller's own email. */
  email: string;
}

interface Row {
  method: Method;
  path: string;
  /** Told apart when one route has several rows. */
  label?: string;
  via?: 'bearer' | 'cookie';
  app?: 'sandbox' | 'stripe';
  /** Fresh, valid inputs for one call, so that only the caller can be the reason for a refusal. */
  prepare: (caller: Caller) => Promise<{ url: string; payload?: object }>;
  expected: Record<CallerName, number>;
  /** For an allowed call: the answer shows that it did its work. */
  ok?: (body: unknown) => boolean;
}

const STALE: CallerName[] = [
  'anonymous',
  'forged token',
  'expired token',
  'expired admin token',
  'signed-out token',
  'signed-out admin token',
];
const everyone = (status: number) =>
  Object.fromEntries(
    [...STALE, 'another customer', 'customer', 'admin'].map((name) => [name, status]),
  ) as Record<CallerName, number>;
/** A bearer call: every caller without a live session gets 401. */
const signedIn = (other: number, customer: number, admin: number): Record<CallerName, number> => ({
  ...everyone(401),
  'another customer': other,
  customer,
  admin,
});
const adminOnly = (admin = 200) => signedIn(403, 403, admin);

const ERROR_CODES: Record<number, string> = {
  400: 'bad_signature',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'order_unpaid',
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let stripeApp: FastifyInstance;
let owner: TestAccount & { id: string };
let other: TestAccount;
let admin: TestAccount & { id: string };
let callers: Caller[];
let seedToolId: string;

const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};

async function intentOf(orderId: string, subTotal: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: owner.bearer,
    payload: { orderId, subTotal },
  });
  if (res.statusCode !== 200) throw new Error(`intent: ${res.statusCode} ${res.body}`);
  return res.json().clientSecret as string;
}

const ownerOrder = () => createOrder(t.db, owner);

const rows: Row[] = [
  // Public reads.
  {
    method: 'GET',
    path: '/api/tools',
    prepare: async () => ({ url: '/api/tools' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/tool/:id',
    prepare: async () => ({ url: `/api/tool/${seedToolId}` }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/reviews',
    prepare: async () => ({ url: '/api/reviews' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/tool/:id/reviews',
    prepare: async () => ({ url: `/api/tool/${seedToolId}/reviews?limit=5` }),
    expected: everyone(200),
    ok: (body) => Array.isArray((body as { items?: unknown }).items),
  },
  {
    method: 'GET',
    path: '/api/catalogue',
    prepare: async () => ({ url: '/api/catalogue?q=drill&sort=relevance&limit=5' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/categories',
    prepare: async () => ({ url: '/api/categories' }),
    expected: everyone(200),
  },

  // Accounts.
  {
    method: 'PUT',
    path: '/api/user/:email',
    via: 'cookie',
    // With the profile row gone, a wrongly granted call would show by creating it again.
    prepare: async () => {
      await t.db.delete(profiles).where(eq(profiles.userId, owner.id));
      return { url: `/api/user/${owner.email}`, payload: { email: owner.email } };
    },
    expected: signedIn(403, 200, 403),
    ok: (body) => (body as { token?: unknown }).token === owner.token,
  },
  {
    method: 'GET',
    path: '/api/admin/:email',
    prepare: async () => ({ url: `/api/admin/${owner.email}` }),
    expected: signedIn(403, 200, 200),
    ok: (body) => (body as { admin?: unknown }).admin === false,
  },
  {
    method: 'GET',
    path: '/api/user/:email',
    prepare: async () => ({ url: `/api/user/${owner.email}` }),
    expected: signedIn(403, 200, 200),
    ok: (body) => (body as { email?: unknown }).email === owner.email,
  },
  {
    method: 'PUT',
    path: '/api/myProfile/:email',
    prepare: async () => ({
      url: `/api/myProfile/${owner.email}`,
      payload: {
        profession: `Joiner ${randomBytes(4).toString('hex')}`,
        linkedIn: 'https://example.com/in/x',
      },
    }),
    expected: signedIn(403, 200, 403),
    ok: (body) => (body as { email?: unknown }).email === owner.email,
  },

  // Orders.
  {
    method: 'POST',
    path: '/api/purchase',
    prepare: async () => {
      const tool = await createTool(t.db, { minimumOrder: 2, availableQuantity: 20 });
      return {
        url: '/api/purchase',
        payload: { toolsId: tool.id, phone: '555 0199', address: '9 Elm St', quantity: 2 },
      };
    },
    // Anyone signed in buys in their own name.
    expected: signedIn(200, 200, 200),
    ok: (body) => (body as { acknowledged?: unknown }).acknowledged === true,
  },
  {
    method: 'GET',
    path: '/api/myOrders',
    prepare: async () => {
      await ownerOrder();
      return { url: `/api/myOrders?email=${encodeURIComponent(owner.email)}` };
    },
    expected: signedIn(403, 200, 403),
    ok: (body) => Array.isArray(body) && body.length > 0,
  },
  {
    method: 'GET',
    path: '/api/myOrder/:id',
    prepare: async () => ({ url: `/api/myOrder/${(await ownerOrder()).id}` }),
    expected: signedIn(404, 200, 200),
    ok: (body) => (body as { email?: unknown }).email === owner.email,
  },
  {
    method: 'GET',
    path: '/api/receipt/:id',
    prepare: async () => {
      const paid = await createPaidOrder(t.db, owner, {
        paidAt: new Date(),
        receiptNumber: Number(`9${randomBytes(4).readUInt32BE()}`),
      });
      return { url: `/api/receipt/${paid.id}` };
    },
    expected: signedIn(404, 200, 200),
    ok: (body) => (body as { buyer?: { email?: unknown } }).buyer?.email === owner.email,
  },
  {
    method: 'DELETE',
    path: '/api/myOrder/:id',
    prepare: async () => ({ url: `/api/myOrder/${(await ownerOrder()).id}` }),
    expected: signedIn(404, 200, 404),
    ok: (body) => (body as { deletedCount?: unknown }).deletedCount === 1,
  },

  // Payments.
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    prepare: async () => ({
      url: '/api/create-payment-intent',
      payload: { orderId: (await ownerOrder()).id, subTotal: 75 },
    }),
    expected: signedIn(404, 200, 404),
    ok: (body) => typeof (body as { clientSecret?: unknown }).clientSecret === 'string',
  },
  {
    method: 'PATCH',
    path: '/api/order/:id',
    // A payment that succeeded for this very order: only the caller can be wrong.
    prepare: async () => {
      const order = await ownerOrder();
      const clientSecret = await intentOf(order.id, 75);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        headers: owner.bearer,
        payload: { clientSecret, card },
      });
      if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
      return {
        url: `/api/order/${order.id}`,
        payload: { appointment: order.id, transactionId: confirm.json().id },
      };
    },
    expected: signedIn(404, 200, 404),
    ok: (body) => (body as { acknowledged?: unknown }).acknowledged === true,
  },
  {
    method: 'POST',
    path: '/api/payments/sandbox/confirm',
    app: 'sandbox',
    prepare: async () => {
      const order = await ownerOrder();
      return {
        url: '/api/payments/sandbox/confirm',
        payload: { clientSecret: await intentOf(order.id, 75), card },
      };
    },
    expected: signedIn(404, 200, 404),
    ok: (body) => (body as { status?: unknown }).status === 'succeeded',
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    app: 'stripe',
    // Stripe's signature is the only credential: no caller's token or cookie stands in for it.
    prepare: async () => {
      const order = await ownerOrder();
      return {
        url: '/api/webhooks/stripe',
        payload: {
          id: 'evt_forged',
          type: 'payment_intent.succeeded',
          data: {
            object: {
              id: 'pi_forged',
              amount: 7500,
              currency: 'usd',
              status: 'succeeded',
              metadata: { orderId: order.id },
            },
          },
        },
      };
    },
    expected: everyone(400),
  },

  // Reviews.
  {
    method: 'POST',
    path: '/api/review',
    prepare: async () => ({
      url: '/api/review',
      payload: { profession: 'Carpenter', productName: 'Jigsaw', ratings: 4, opinions: 'Cuts clean.' },
    }),
    expected: signedIn(200, 200, 200),
    ok: (body) => (body as { acknowledged?: unknown }).acknowledged === true,
  },

  // The admin console.
  {
    method: 'GET',
    path: '/api/allOrders',
    prepare: async () => ({ url: '/api/allOrders' }),
    expected: adminOnly(),
    ok: (body) => Array.isArray(body),
  },
  {
    method: 'PATCH',
    path: '/api/shiftNow/:id',
    label: 'a paid order',
    prepare: async () => {
      const order = await createPaidOrder(t.db, owner);
      return { url: `/api/shiftNow/${order.id}`, payload: { shiftNow: true } };
    },
    expected: adminOnly(),
    ok: (body) => (body as { modifiedCount?: unknown }).modifiedCount === 1,
  },
  {
    method: 'PATCH',
    path: '/api/shiftNow/:id',
    label: 'an unpaid order (409 for the admin)',
    prepare: async () => ({ url: `/api/shiftNow/${(await ownerOrder()).id}`, payload: { shiftNow: true } }),
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/order/:id/refund',
    label: 'a paid order',
    prepare: async () => ({ url: `/api/order/${(await createPaidOrder(t.db, owner)).id}/refund` }),
    expected: adminOnly(),
    ok: (body) => (body as { status?: unknown }).status === 'refunded',
  },
  {
    method: 'POST',
    path: '/api/order/:id/refund',
    label: 'an unpaid order (409 for the admin)',
    prepare: async () => ({ url: `/api/order/${(await ownerOrder()).id}/refund` }),
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/addTool',
    prepare: async () => ({
      url: '/api/addTool',
      payload: {
        name: `Matrix Drill ${randomBytes(3).toString('hex')}`,
        minimumOrder: 2,
        availableQuantity: 40,
        price: 99.5,
        img: '/images/tools/cordless-drill-driver.svg',
        description: 'Added by the access matrix.',
      },
    }),
    expected: adminOnly(),
    ok: (body) => typeof (body as { insertedId?: unknown }).insertedId === 'string',
  },
  {
    method: 'GET',
    path: '/api/users',
    // Asked with the caller's own email: being a customer is then the only reason to refuse.
    prepare: async (caller) => ({ url: `/api/users?email=${encodeURIComponent(caller.email)}` }),
    expected: adminOnly(),
    ok: (body) => Array.isArray(body) && body.length > 0,
  },
  {
    method: 'PUT',
    path: '/api/user/admin/:email',
    // A confirmed address: an unconfirmed one is refused (409) whoever asks.
    prepare: async () => ({
      url: `/api/user/admin/${(await insertUser(t.db, 'promote', { emailVerified: true })).email}`,
    }),
    expected: adminOnly(),
    ok: (body) => (body as { modifiedCount?: unknown }).modifiedCount === 1,
  },
  {
    method: 'DELETE',
    path: '/api/tool/:id',
    prepare: async () => ({ url: `/api/tool/${(await createTool(t.db)).id}` }),
    expected: adminOnly(),
    ok: (body) => (body as { deletedCount?: unknown }).deletedCount === 1,
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    prepare: async () => ({ url: '/api/admin/audit?limit=5' }),
    expected: adminOnly(),
    ok: (body) => Array.isArray((body as { items?: unknown }).items),
  },
  // The admin's lists at scale and the overview.
  {
    method: 'GET',
    path: '/api/admin/orders',
    prepare: async () => ({ url: '/api/admin/orders?status=unpaid&q=example&limit=5' }),
    expected: adminOnly(),
    ok: (body) => Array.isArray((body as { items?: unknown }).items),
  },
  {
    method: 'GET',
    path: '/api/admin/orders.csv',
    prepare: async () => ({ url: '/api/admin/orders.csv?status=paid' }),
    expected: adminOnly(),
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    prepare: async () => ({ url: '/api/admin/users?q=example' }),
    expected: adminOnly(),
    ok: (body) => ((body as { items?: unknown[] }).items ?? []).length > 0,
  },
  {
    method: 'GET',
    path: '/api/admin/overview',
    prepare: async () => ({ url: '/api/admin/overview' }),
    expected: adminOnly(),
    ok: (body) => (body as { revenueByDay?: unknown[] }).revenueByDay?.length === 30,
  },
  // Store operations: edit a tool, the reviews, the newsletter.
  {
    method: 'PATCH',
    path: '/api/tool/:id',
    prepare: async () => ({
      url: `/api/tool/${(await createTool(t.db)).id}`,
      payload: { availableQuantity: 7 },
    }),
    expected: adminOnly(),
    ok: (body) => (body as { availableQuantity?: unknown }).availableQuantity === 7,
  },
  {
    method: 'GET',
    path: '/api/admin/reviews',
    prepare: async () => ({ url: '/api/admin/reviews?limit=5' }),
    expected: adminOnly(),
    ok: (body) => ((body as { items?: unknown[] }).items ?? []).length > 0,
  },
  {
    method: 'DELETE',
    path: '/api/review/:id',
    prepare: async () => {
      const [review] = await t.db
        .insert(reviews)
        .values({
          customerName: 'Matrix Reviewer',
          profession: 'Tester',
          productName: 'Jigsaw',
          ratings: 3,
          opinions: 'Posted by the access matrix.',
          img: '/images/people/placeholder.svg',
        })
        .returning({ id: reviews.id });
      return { url: `/api/review/${review!.id}` };
    },
    expected: adminOnly(),
    ok: (body) => (body as { deletedCount?: unknown }).deletedCount === 1,
  },
  {
    method: 'POST',
    path: '/api/newsletter',
    prepare: async () => ({
      url: '/api/newsletter',
      payload: { name: 'Matrix Reader', email: `reader${randomBytes(4).toString('hex')}@example.com` },
    }),
    // Anyone may sign up, a stale token or none.
    expected: everyone(200),
    ok: (body) => (body as { acknowledged?: unknown }).acknowledged === true,
  },
  {
    method: 'GET',
    path: '/api/newsletter/confirm',
    // The mailed link: anyone who holds it confirms its sign-up (an unconfirmed one of its own).
    prepare: async () => {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + 60_000);
      const [signup] = await t.db
        .insert(newsletterSignups)
        .values({
          name: 'Matrix Reader',
          email: `link${randomBytes(4).toString('hex')}@example.com`,
          tokenExpiresAt: expiresAt,
        })
        .returning();
      await t.db.insert(newsletterLinks).values({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        signupId: signup!.id,
        expiresAt,
      });
      return { url: `/api/newsletter/confirm?token=${token}` };
    },
    expected: everyone(303),
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter.csv',
    prepare: async () => ({ url: '/api/admin/newsletter.csv' }),
    expected: adminOnly(),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  stripeApp = await buildApp(
    testConfig({
      stripe: {
        secretKey: 'sk_test_hardening',
        publishableKey: 'pk_test_hardening',
        webhookSecret: 'whsec_hardening',
        apiBase: 'http://127.0.0.1:9',
      },
    }),
    { database: t.database },
  );
  await Promise.all([t.app.ready(), stripeApp.ready()]);

  const ownerAccount = await signUp(t.app, 'owner');
  owner = { ...ownerAccount, id: await userIdOf(t.db, ownerAccount.email) };
  other = await signUp(t.app, 'other');
  const adminAccount = await signUp(t.app, 'boss');
  await t.db.update(user).set({ role: 'admin' }).where(eq(user.email, adminAccount.email));
  admin = { ...adminAccount, id: await userIdOf(t.db, adminAccount.email) };

  // Further sessions of the owner and of the admin, then made stale: expired, or signed out.
  const stale = async (account: TestAccount, how: 'expire' | 'sign-out') => {
    const s = await signIn(t.app, { email: account.email, password: account.password });
    if (how === 'expire') await expireSession(t.db, s.token);
    else {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin, cookie: s.cookie },
      });
      if (res.statusCode !== 200) throw new Error(`sign-out: ${res.statusCode} ${res.body}`);
    }
    return s;
  };
  const [expired, expiredAdmin, signedOut, signedOutAdmin] = await Promise.all([
    stale(owner, 'expire'),
    stale(admin, 'expire'),
    stale(owner, 'sign-out'),
    stale(admin, 'sign-out'),
  ]);
  const forged = randomBytes(24).toString('base64url');
  const as = (name: CallerName, a: TestAccount): Caller => ({
    name,
    token: a.token,
    cookie: a.cookie,
    email: a.email,
  });
  callers = [
    { name: 'anonymous', email: owner.email },
    {
      name: 'forged token',
      token: forged,
      cookie: `better-auth.session_token=${forged}.${randomBytes(32).toString('base64url')}`,
      email: owner.email,
    },
    as('expired token', expired!),
    as('expired admin token', expiredAdmin!),
    as('signed-out token', signedOut!),
    as('signed-out admin token', signedOutAdmin!),
    // The refused callers go first; the ones allowed (whose calls change things) last.
    as('another customer', other),
    as('customer', owner),
    as('admin', admin),
  ];
  const [tool] = await t.db.select({ id: tools.id }).from(tools).limit(1);
  seedToolId = tool!.id;
});

afterAll(async () => {
  await stripeApp?.close();
  await t?.close();
});

const key = (method: string, path: string) => `${method} ${path}`;

describe('access matrix (DESIGN §3: who may call what)', () => {
  it('has a row for every API call the app registers, and no row for a call it does not', () => {
    const found = new Set<string>();
    for (const app of [t.app, stripeApp]) {
      const routes = registered.get(app);
      expect(routes, 'the onRoute capture saw this app being built').toBeDefined();
      for (const { method, url } of routes!) {
        if (method === 'HEAD' || !url.startsWith('/api')) continue;
        const call = key(method, url);
        if (!EXCLUDED.some((pattern) => pattern.test(call))) found.add(call);
      }
    }
    // The capture works: a call from each feature is among the registered ones.
    expect([...found]).toEqual(
      expect.arrayContaining([
        'GET /api/tools',
        'POST /api/purchase',
        'GET /api/admin/audit',
        'POST /api/webhooks/stripe',
      ]),
    );
    const inTable = new Set(rows.map((r) => key(r.method, r.path)));
    expect([...found].filter((call) => !inTable.has(call)).sort(), 'calls with no row in the table').toEqual(
      [],
    );
    expect([...inTable].filter((call) => !found.has(call)).sort(), 'rows naming no registered call').toEqual(
      [],
    );
  });

  it('answers every call, for every caller, as the access table says, and a refusal changes nothing', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const row of rows) {
      const app = row.app === 'stripe' ? stripeApp : t.app;
      for (const caller of callers) {
        const { url, payload } = await row.prepare(caller);
        const headers: Record<string, string> = { origin };
        if (row.via === 'cookie') {
          if (caller.cookie) headers.cookie = caller.cookie;
        } else if (caller.token) headers.authorization = `Bearer ${caller.token}`;
        const before = await snapshot(t.db);
        const res = await app.inject({ method: row.method, url, headers, ...(payload ? { payload } : {}) });
        calls++;
        const after = await snapshot(t.db);
        const body = parseJson(res);
        const expected = row.expected[caller.name];
        const where = `${row.method} ${row.path}${row.label ? ` (${row.label})` : ''} as ${caller.name}`;
        if (res.statusCode !== expected) {
          mismatches.push(`${where}: ${res.statusCode}, expected ${expected} — ${res.body.slice(0, 200)}`);
          continue;
        }
        if (expected >= 400) {
          if (!isErrorShape(body))
            mismatches.push(`${where}: not the error shape — ${res.body.slice(0, 200)}`);
          else if (
            ERROR_CODES[expected] &&
            (body as { error: { code: string } }).error.code !== ERROR_CODES[expected]
          )
            mismatches.push(`${where}: error code ${(body as { error: { code: string } }).error.code}`);
          const changed = changedTables(before, after);
          if (changed.length) mismatches.push(`${where}: refused, yet changed ${changed.join(', ')}`);
        } else if (isErrorShape(body) || (row.ok && !row.ok(body))) {
          mismatches.push(`${where}: allowed, but the answer shows no effect — ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(calls).toBe(rows.length * callers.length);
    expect(mismatches).toEqual([]);
  });
});
