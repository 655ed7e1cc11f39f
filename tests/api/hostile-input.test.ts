import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createOrder, createPaidOrder, createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { session, user } from '#server/db/auth-schema.ts';
import { newsletterSignups, orders, reviews, tools } from '#server/db/schema.ts';
import {
  changedTables,
  isErrorShape,
  leaksIn,
  parseJson,
  snapshot,
  type Snapshot,
  userIdOf,
} from './support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Who = 'customer' | 'admin' | 'anonymous' | 'cookie';

/**
 * One hostile request. `refuse` (the default): a 4xx in the error shape that changes nothing.
 * `accept`: legitimately taken (hostile-looking text is still text): 2xx, and `verify` proves it was
 * stored verbatim. `noop`: any non-5xx answer, but nothing may change.
 */
interface Case {
  group: string;
  name: string;
  method: Method;
  url: string;
  who: Who;
  /** A JSON body; or raw text with `raw`. Functions run just before the call (fresh state). */
  body?: unknown | (() => Promise<unknown>);
  raw?: string;
  contentType?: string;
  outcome: 'refuse' | 'accept' | 'noop';
  status?: number;
  /** The error code a refusal must carry, where only one is right. */
  code?: string;
  /** better-auth answers its own refusals as {code, message}. */
  authShape?: boolean;
  verify?: (res: LightMyRequestResponse, sent: unknown) => Promise<string | undefined>;
}

interface Result {
  c: Case;
  status: number;
  body: string;
  changed: string[];
  problem?: string;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount & { id: string };
let bob: TestAccount & { id: string };
let boss: TestAccount & { id: string };
const cases: Case[] = [];
const results: Result[] = [];

// Text that looks dangerous but is only text: a free-text field takes it as it is.
const FREE_TEXT: [string, string][] = [
  ['SQL OR 1=1', "' OR 1=1 --"],
  ['SQL drop table', "'; DROP TABLE tools; --"],
  ['script tag', '<script>alert(1)</script>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['javascript: URL', 'javascript:alert(document.cookie)'],
  ['unicode', 'Schlagbohrmaschine für Profis — 電動ドリル — مثقاب'],
  ['emoji', '🔨🪚 solid tool 👍🏽'],
  ['RTL override', 'invoice\u202Egpj.exe'],
];
const NUL = 'nul\u0000byte';
const NOSQL = { $gt: '' };

// Ids and emails in a path: every trick names nothing.
const ID_TRICKS: [string, (id: string) => string][] = [
  ['../ traversal', () => '..%2F..%2Fetc%2Fpasswd'],
  ['%2e%2e', () => '%2e%2e'],
  ['encoded slash', (id) => `${id}%2Fextra`],
  ['uuid with extra chars', (id) => `${id}x`],
  ['uuid with a NUL', (id) => `${id}%00`],
  ['uuid with SQL', (id) => encodeURIComponent(`${id}' OR '1'='1`)],
  ['SQL injection', () => encodeURIComponent("' OR 1=1 --")],
  ['drop table', () => encodeURIComponent("'; DROP TABLE tools; --")],
  ['NoSQL operator', () => encodeURIComponent('{"$gt":""}')],
  ['emoji', () => encodeURIComponent('🔨')],
  ['RTL override', () => encodeURIComponent('\u202E')],
  ['101 characters', () => 'a'.repeat(101)],
  ['malformed percent-encoding', () => '%E0%A4%A'],
  ['unknown uuid', () => randomUUID()],
];
const EMAIL_TRICKS: [string, (email: string) => string, number | undefined][] = [
  ['SQL injection', () => encodeURIComponent("' OR 1=1 --"), undefined],
  ['SQL in an email', (e) => encodeURIComponent(`${e}' OR '1'='1`), undefined],
  ['NUL byte', (e) => `${e}%00`, undefined],
  ['NoSQL operator', () => encodeURIComponent('{"$ne":null}'), undefined],
  ['percent wildcard', () => '%25', undefined],
  ['path traversal', () => '..%2F..%2Fadmin', undefined],
  ['upper-cased other email', () => 'SOMEONE@EXAMPLE.COM', undefined],
  ['255 characters', () => 'a'.repeat(255), 400],
  ['malformed percent-encoding', () => '%zz', 400],
];

function add(c: Omit<Case, 'who' | 'outcome'> & Partial<Pick<Case, 'who' | 'outcome'>>) {
  cases.push({ who: 'customer', outcome: 'refuse', ...c });
}

/** The same battery of broken bodies for every call that takes one. */
function brokenBodies(
  group: string,
  method: Method,
  url: string,
  who: Who,
  valid: Record<string, unknown>,
  authShape = false,
) {
  const json = JSON.stringify(valid);
  const base = { group, method, url, who, authShape };
  add({ ...base, name: 'malformed JSON', raw: '{"a": ', status: 400, code: 'invalid_json' });
  add({ ...base, name: 'truncated JSON', raw: json.slice(0, -1), status: 400 });
  add({ ...base, name: 'trailing garbage', raw: `${json}garbage`, status: 400 });
  add({ ...base, name: 'empty body', raw: '', status: 400 });
  add({ ...base, name: 'JSON null', raw: 'null', status: 400 });
  add({ ...base, name: 'JSON array', raw: `[${json}]`, status: 400 });
  add({ ...base, name: 'JSON string', raw: JSON.stringify(json), status: 400 });
  // Fastify reads text/plain as a string (400 from the schema); better-auth refuses the type (415).
  add({
    ...base,
    name: 'text/plain body',
    raw: json,
    contentType: 'text/plain',
    status: authShape ? 415 : 400,
  });
  add({
    ...base,
    name: 'form-encoded body',
    raw: 'a=1&b=2',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  });
  add({
    ...base,
    name: '__proto__ key',
    raw: json.replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},'),
    status: 400,
  });
  add({
    ...base,
    name: 'constructor.prototype key',
    raw: json.replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},'),
    status: 400,
  });
  add({ ...base, name: 'body over 64 KB', body: { ...valid, padding: 'x'.repeat(70_000) }, status: 413 });
  add({
    ...base,
    name: 'deeply nested JSON',
    raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    status: 400,
  });
}

function buildCorpus() {
  // --- GET /api/tool/{id} -------------------------------------------------------------------
  for (const [name, trick] of ID_TRICKS) {
    add({
      group: 'GET /api/tool/:id',
      name,
      method: 'GET',
      url: `/api/tool/${trick(state.toolId)}`,
      who: 'anonymous',
    });
  }
  add({
    group: 'GET /api/tool/:id',
    name: 'literal ../',
    method: 'GET',
    url: '/api/tool/../tools',
    who: 'anonymous',
    outcome: 'noop',
  });
  add({
    group: 'GET /api/tools',
    name: 'NoSQL in the query',
    method: 'GET',
    url: '/api/tools?name[$ne]=x&__proto__[role]=admin',
    who: 'anonymous',
    outcome: 'noop',
  });

  // --- orders by id -------------------------------------------------------------------------
  for (const [name, trick] of ID_TRICKS) {
    add({ group: 'GET /api/myOrder/:id', name, method: 'GET', url: `/api/myOrder/${trick(state.orderId)}` });
    add({
      group: 'DELETE /api/myOrder/:id',
      name,
      method: 'DELETE',
      url: `/api/myOrder/${trick(state.orderId)}`,
    });
    add({
      group: 'PATCH /api/order/:id',
      name,
      method: 'PATCH',
      url: `/api/order/${trick(state.orderId)}`,
      body: { transactionId: state.intentId },
    });
    add({
      group: 'PATCH /api/shiftNow/:id',
      name,
      method: 'PATCH',
      url: `/api/shiftNow/${trick(state.paidOrderId)}`,
      who: 'admin',
      body: { shiftNow: true },
    });
    add({
      group: 'POST /api/order/:id/refund',
      name,
      method: 'POST',
      url: `/api/order/${trick(state.paidOrderId)}/refund`,
      who: 'admin',
    });
    // SPEC's delete answers {deletedCount}: an id that names nothing may answer 0, but must change nothing.
    add({
      group: 'DELETE /api/tool/:id',
      name,
      method: 'DELETE',
      url: `/api/tool/${trick(state.toolId)}`,
      who: 'admin',
      outcome: 'noop',
    });
  }

  add({
    group: 'DELETE /api/tool/:id',
    name: 'an archived tool',
    method: 'DELETE',
    url: `/api/tool/${state.archivedToolId}`,
    who: 'admin',
    outcome: 'noop',
  });

  // --- emails in the path and the query -----------------------------------------------------
  for (const [name, trick, status] of EMAIL_TRICKS) {
    // As the admin, so that the lookup really reaches the database.
    add({
      group: 'GET /api/user/:email',
      name,
      method: 'GET',
      url: `/api/user/${trick(ann.email)}`,
      who: 'admin',
      status,
    });
    add({
      group: 'GET /api/admin/:email',
      name,
      method: 'GET',
      url: `/api/admin/${trick(ann.email)}`,
      who: 'admin',
      status,
    });
    add({
      group: 'PUT /api/user/admin/:email',
      name,
      method: 'PUT',
      url: `/api/user/admin/${trick(ann.email)}`,
      who: 'admin',
      status,
    });
    add({
      group: 'PUT /api/myProfile/:email',
      name,
      method: 'PUT',
      url: `/api/myProfile/${trick(ann.email)}`,
      body: { profession: 'Welder' },
      status,
    });
    add({
      group: 'PUT /api/user/:email',
      name,
      method: 'PUT',
      url: `/api/user/${trick(ann.email)}`,
      who: 'cookie',
      body: { email: ann.email },
      status,
    });
  }
  // An address of 120 characters is a legal email (up to 254): it names no account, and must be
  // answered as such, not refused for its length by the router.
  const longEmail = `${'l'.repeat(108)}@example.com`;
  for (const [group, method, url, who, status] of [
    ['GET /api/user/:email', 'GET', `/api/user/${longEmail}`, 'admin', 404],
    ['GET /api/admin/:email', 'GET', `/api/admin/${longEmail}`, 'admin', 404],
    ['PUT /api/user/admin/:email', 'PUT', `/api/user/admin/${longEmail}`, 'admin', 404],
    ['PUT /api/myProfile/:email', 'PUT', `/api/myProfile/${longEmail}`, 'customer', 403],
    ['PUT /api/user/:email', 'PUT', `/api/user/${longEmail}`, 'cookie', 403],
  ] as const) {
    add({
      group,
      name: 'a 120-character email',
      method,
      url,
      who,
      status,
      ...(method === 'PUT' && who !== 'admin'
        ? { body: who === 'cookie' ? { email: ann.email } : { profession: 'Welder' } }
        : {}),
    });
  }
  const QUERY_TRICKS: [string, (email: string) => string, number | undefined][] = [
    ['no email', () => '', 400],
    ['email twice', (e) => `?email=${e}&email=${e}`, 400],
    ['NoSQL operator', (e) => `?email[$ne]=${e}`, 400],
    // Not an address by DESIGN §5.7's rule: refused as input, before any check of who asks.
    ['SQL injection', () => `?email=${encodeURIComponent("' OR 1=1 --")}`, 400],
    ['NUL byte', (e) => `?email=${e}%00`, undefined],
    ['another email', () => `?email=${encodeURIComponent('someone@example.com')}`, 403],
    ['JSON operator text', () => `?email=${encodeURIComponent('{"$gt":""}')}`, 400],
    ['255 characters', () => `?email=${'a'.repeat(255)}`, 400],
    ['__proto__', (e) => `?email=${e}&__proto__[admin]=true`, undefined],
  ];
  for (const [name, query, status] of QUERY_TRICKS) {
    const emailOk = name === '__proto__';
    add({
      group: 'GET /api/myOrders',
      name,
      method: 'GET',
      url: `/api/myOrders${query(ann.email)}`,
      status,
      outcome: emailOk ? 'noop' : 'refuse',
    });
    add({
      group: 'GET /api/users',
      name,
      method: 'GET',
      url: `/api/users${query(boss.email)}`,
      who: 'admin',
      status,
      outcome: emailOk ? 'noop' : 'refuse',
    });
  }

  // --- PUT /api/user/{email}: the session cookie for the token --------------------------------
  const putUser = { group: 'PUT /api/user/:email', method: 'PUT' as const, who: 'cookie' as const };
  brokenBodies(putUser.group, 'PUT', `/api/user/${ann.email}`, 'cookie', { email: ann.email });
  for (const [name, value, status] of [
    ['NoSQL operator', { $ne: null }, 400],
    ['number', 42, 400],
    ['SQL injection', "' OR 1=1 --", 400],
    ['NUL byte', `${ann.email}\u0000`, undefined],
    ['another email', bob.email, 403],
    ['255 characters', 'a'.repeat(255), 400],
  ] as const) {
    add({
      ...putUser,
      name: `email: ${name}`,
      url: `/api/user/${ann.email}`,
      body: { email: value },
      status,
    });
  }
  // Extra keys are dropped: the answer is the caller's own token, and nothing changes (the role least).
  for (const extra of [{ role: 'admin' }, { isAdmin: true }, { emailVerified: true, id: 'x' }]) {
    add({
      ...putUser,
      name: `extra ${Object.keys(extra).join(', ')}`,
      url: `/api/user/${ann.email}`,
      body: { email: ann.email, ...extra },
      outcome: 'noop',
    });
  }

  // --- PUT /api/myProfile/{email} -------------------------------------------------------------
  const profileUrl = `/api/myProfile/${ann.email}`;
  const profile = { group: 'PUT /api/myProfile/:email', method: 'PUT' as const, url: profileUrl };
  brokenBodies(profile.group, 'PUT', profileUrl, 'customer', { profession: 'Welder' });
  for (const [field, max] of [
    ['education', 200],
    ['profession', 100],
    ['address', 300],
  ] as const) {
    for (const [name, value] of FREE_TEXT) {
      add({
        ...profile,
        name: `${field}: ${name}`,
        body: { [field]: value },
        outcome: 'accept',
        verify: async (res) => {
          const saved = (res.json() as Record<string, unknown>)[field];
          const read = (await get(`/api/user/${ann.email}`, ann)).json()[field];
          return saved === value && read === value ? undefined : `stored ${JSON.stringify(read)}`;
        },
      });
    }
    add({ ...profile, name: `${field}: NUL byte`, body: { [field]: NUL }, status: 400 });
    add({ ...profile, name: `${field}: too long`, body: { [field]: 'x'.repeat(max + 1) }, status: 400 });
    add({ ...profile, name: `${field}: NoSQL operator`, body: { [field]: NOSQL }, status: 400 });
    add({ ...profile, name: `${field}: number`, body: { [field]: 12 }, status: 400 });
    add({ ...profile, name: `${field}: array`, body: { [field]: ['a'] }, status: 400 });
  }
  for (const link of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/profile',
    'ftp://files.example.com/me',
    'https://',
    'https://evil example.com',
    'x'.repeat(301),
    `https://example.com/${'\u0000'}`,
  ]) {
    add({ ...profile, name: `linkedIn: ${link.slice(0, 40)}`, body: { linkedIn: link }, status: 400 });
  }
  const oddLink = 'https://example.com/in/"><script>alert(1)</script>';
  add({
    ...profile,
    name: 'linkedIn: https URL with markup',
    body: { linkedIn: oddLink },
    outcome: 'accept',
    verify: async (res) => (res.json().linkedIn === oddLink ? undefined : 'not verbatim'),
  });
  for (const extra of ['role', 'isAdmin', 'email', 'displayName', 'twoFactorEnabled', 'userId', 'paid']) {
    add({
      ...profile,
      name: `extra ${extra}`,
      body: { profession: 'Welder', [extra]: extra === 'role' ? 'admin' : true },
      status: 400,
    });
  }

  // --- POST /api/purchase ---------------------------------------------------------------------
  const buy = { group: 'POST /api/purchase', method: 'POST' as const, url: '/api/purchase' };
  const order = (extra: Record<string, unknown>) => ({
    toolsId: state.toolId,
    phone: '555 0100',
    address: '1 Test Road',
    quantity: 2,
    ...extra,
  });
  brokenBodies(buy.group, 'POST', '/api/purchase', 'customer', order({}));
  for (const [name, quantity, status] of [
    ['-1', -1, 400],
    ['0', 0, 400],
    ['-0', -0, 400],
    ['below the minimum order', 1, 400],
    ['above the stock', 51, 409],
    ['0.5', 0.5, 400],
    ['2.5', 2.5, 400],
    ['1e7', 1e7, 400],
    ['2^31', 2 ** 31, 400],
    ['2^53 + 2', Number.MAX_SAFE_INTEGER + 3, 400],
    ['a string "2"', '2', 400],
    ['"two"', 'two', 400],
    ['"NaN"', 'NaN', 400],
    ['"Infinity"', 'Infinity', 400],
    ['null', null, 400],
    ['true', true, 400],
    ['an array', [2], 400],
    ['NoSQL operator', { $gt: 0 }, 400],
  ] as const) {
    add({ ...buy, name: `quantity ${name}`, body: order({ quantity }), status });
  }
  add({
    ...buy,
    name: 'quantity 1e999 (Infinity)',
    raw: JSON.stringify(order({})).replace('"quantity":2', '"quantity":1e999'),
    status: 400,
  });
  add({
    ...buy,
    name: 'quantity -1e999',
    raw: JSON.stringify(order({})).replace('"quantity":2', '"quantity":-1e999'),
    status: 400,
  });
  add({
    ...buy,
    name: 'quantity 1e-400 (zero)',
    raw: JSON.stringify(order({})).replace('"quantity":2', '"quantity":1e-400'),
    status: 400,
  });
  add({
    ...buy,
    name: 'quantity 1e-7',
    raw: JSON.stringify(order({})).replace('"quantity":2', '"quantity":1e-7'),
    status: 400,
  });
  add({
    ...buy,
    name: 'duplicate key, last one hostile',
    raw: JSON.stringify(order({})).replace('"quantity":2', '"quantity":2,"quantity":-5'),
    status: 400,
  });
  const { quantity: _q, ...noQuantity } = order({});
  add({ ...buy, name: 'quantity missing', body: noQuantity, status: 400 });
  // An exponent is only a way of writing a number: 1e1 is ten.
  for (const [written, value] of [
    ['1e1', 10],
    ['2E0', 2],
    ['3.0', 3],
  ] as const) {
    add({
      ...buy,
      name: `quantity written ${written}`,
      body: async () => ({ ...order({}), toolsId: (await createTool(t.db, { minimumOrder: 2 })).id }),
      raw: written,
      outcome: 'accept',
      verify: async (res) => {
        const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().insertedId));
        return row?.quantity === value ? undefined : `quantity ${row?.quantity}`;
      },
    });
  }
  for (const [name, toolsId, status] of [
    ['empty', '', 400],
    ['SQL injection', "' OR 1=1 --", 404],
    ['uuid with SQL', `${randomUUID()}' OR '1'='1`, 404],
    ['NUL byte', `${randomUUID()}\u0000`, undefined],
    ['NoSQL operator', NOSQL, 400],
    ['number', 7, 400],
    ['null', null, 400],
    ['unknown uuid', randomUUID(), 404],
    ['archived tool', 'archived', 404],
    ['path traversal', '../tools', 404],
    ['10 000 characters', 'a'.repeat(10_000), 404],
  ] as const) {
    add({
      ...buy,
      name: `toolsId ${name}`,
      body: order({ toolsId: toolsId === 'archived' ? state.archivedToolId : toolsId }),
      status,
    });
  }
  for (const [name, value] of [
    ...FREE_TEXT,
    ['NUL byte', NUL],
    ['empty', ''],
    ['31 characters', '5'.repeat(31)],
    ['letters', 'call me'],
  ] as const) {
    add({ ...buy, name: `phone ${name}`, body: order({ phone: value }), status: 400 });
  }
  for (const [name, value] of FREE_TEXT) {
    add({
      ...buy,
      name: `address ${name}`,
      body: async () => order({ address: value, toolsId: (await createTool(t.db, { minimumOrder: 2 })).id }),
      outcome: 'accept',
      verify: async (res) => {
        const read = await get(`/api/myOrder/${res.json().insertedId}`, ann);
        return read.json().address === value ? undefined : `address ${JSON.stringify(read.json().address)}`;
      },
    });
  }
  for (const [name, value, status] of [
    ['NUL byte', NUL, 400],
    ['only spaces', '   ', 400],
    ['301 characters', 'x'.repeat(301), 400],
    ['NoSQL operator', NOSQL, 400],
  ] as const) {
    add({ ...buy, name: `address ${name}`, body: order({ address: value }), status });
  }
  for (const [extra, value] of [
    ['role', 'admin'],
    ['paid', true],
    ['transactionId', 'pi_free'],
    ['shiftNow', true],
    ['isAdmin', true],
    ['totalPrice', 0.01],
    ['userId', 'someone'],
    ['_id', randomUUID()],
    ['cancelledAt', null],
  ] as const) {
    add({ ...buy, name: `extra ${extra}`, body: order({ [extra]: value }), status: 400 });
  }
  // SPEC's client sends the snapshot fields: taken, and ignored for the catalogue's own.
  add({
    ...buy,
    name: 'productPrice 0.01 and a foreign email (ignored)',
    body: async () => ({
      ...order({}),
      toolsId: (await createTool(t.db, { name: 'Hardening Tool', minimumOrder: 2, priceCents: 4999 })).id,
      productPrice: 0.01,
      productName: '<script>alert(1)</script>',
      email: bob.email,
      name: 'Mallory',
    }),
    outcome: 'accept',
    verify: async (res) => {
      const o = (await get(`/api/myOrder/${res.json().insertedId}`, ann)).json();
      return o.productPrice === 49.99 &&
        o.email === ann.email &&
        o.name === ann.name &&
        o.productName.startsWith('Hardening Tool')
        ? undefined
        : `order took client values: ${JSON.stringify(o)}`;
    },
  });
  for (const [name, value] of [
    ['productPrice a string', { productPrice: 'free' }],
    ['productPrice NoSQL', { productPrice: { $lt: 1 } }],
    ['productImg 2001 characters', { productImg: 'x'.repeat(2001) }],
  ] as const) {
    add({ ...buy, name, body: order(value), status: 400 });
  }

  // --- POST /api/create-payment-intent ----------------------------------------------------------
  const intent = {
    group: 'POST /api/create-payment-intent',
    method: 'POST' as const,
    url: '/api/create-payment-intent',
  };
  brokenBodies(intent.group, 'POST', intent.url, 'customer', { orderId: state.orderId, subTotal: 75 });
  for (const [name, orderId, status] of [
    ['not a uuid', 'order-1', 400],
    ['SQL injection', "' OR 1=1 --", 400],
    ['NUL byte', `${state.orderId}\u0000`, 400],
    ['NoSQL operator', NOSQL, 400],
    ['number', 1, 400],
    ['null', null, 400],
    ['unknown uuid', randomUUID(), 404],
    ["another customer's order", 'bob', 404],
    ['a cancelled order', 'cancelled', 404],
  ] as const) {
    add({
      ...intent,
      name: `orderId ${name}`,
      body: {
        orderId:
          orderId === 'bob' ? state.bobOrderId : orderId === 'cancelled' ? state.cancelledOrderId : orderId,
        subTotal: 75,
      },
      status,
    });
  }
  add({ ...intent, name: 'orderId missing', body: { subTotal: 75 }, status: 400 });
  for (const [name, subTotal, status] of [
    ['-1', -1, 400],
    ['0', 0, 400],
    ['a string', '75', 400],
    ['"NaN"', 'NaN', 400],
    ['NoSQL operator', { $gt: 0 }, 400],
    ['a cent short', 74.99, 409],
    ['1e308', 1e308, 409],
  ] as const) {
    add({ ...intent, name: `subTotal ${name}`, body: { orderId: state.orderId, subTotal }, status });
  }
  // Rounds to the order's own amount: the existing intent comes back, nothing changes.
  add({
    ...intent,
    name: 'subTotal 75.001',
    body: { orderId: state.orderId, subTotal: 75.001 },
    outcome: 'noop',
  });
  add({
    ...intent,
    name: 'subTotal 1e999 (Infinity)',
    raw: `{"orderId":"${state.orderId}","subTotal":1e999}`,
    status: 400,
  });
  for (const extra of ['amount', 'currency', 'paid', 'role']) {
    add({
      ...intent,
      name: `extra ${extra}`,
      body: { orderId: state.orderId, subTotal: 75, [extra]: 1 },
      status: 400,
    });
  }

  // --- PATCH /api/order/{id} --------------------------------------------------------------------
  const paid = {
    group: 'PATCH /api/order/:id',
    method: 'PATCH' as const,
    url: `/api/order/${state.orderId}`,
  };
  brokenBodies(paid.group, 'PATCH', paid.url, 'customer', { transactionId: state.intentId });
  for (const [name, body, status] of [
    ['no transactionId', { appointment: state.orderId }, 400],
    ['empty transactionId', { transactionId: '' }, 400],
    ['256-character transactionId', { transactionId: 'p'.repeat(256) }, 400],
    ['NoSQL transactionId', { transactionId: { $ne: '' } }, 400],
    ['numeric transactionId', { transactionId: 42 }, 400],
    ['SQL transactionId', { transactionId: "' OR 1=1 --" }, 409],
    ['NUL transactionId', { transactionId: `${state.intentId}\u0000` }, undefined],
    ['an unpaid intent', { transactionId: state.intentId }, 409],
    ["another customer's intent", { transactionId: state.bobIntentId }, 409],
    ['appointment of another order', { appointment: state.bobOrderId, transactionId: state.intentId }, 409],
    ['appointment NoSQL', { appointment: NOSQL, transactionId: state.intentId }, 400],
    ['extra paid', { transactionId: state.intentId, paid: true }, 400],
    ['extra shiftNow', { transactionId: state.intentId, shiftNow: true }, 400],
    ['extra amount', { transactionId: state.intentId, amountCents: 1 }, 400],
  ] as const) {
    add({ ...paid, name, body, status });
  }

  // --- POST /api/payments/sandbox/confirm ----------------------------------------------------------
  const confirm = {
    group: 'POST /api/payments/sandbox/confirm',
    method: 'POST' as const,
    url: '/api/payments/sandbox/confirm',
  };
  const year = new Date().getFullYear() + 2;
  const card = (extra: Record<string, unknown> = {}) => ({
    number: '4242424242424242',
    expMonth: 12,
    expYear: year,
    cvc: '123',
    ...extra,
  });
  brokenBodies(confirm.group, 'POST', confirm.url, 'customer', {
    clientSecret: state.clientSecret,
    card: card(),
  });
  for (const [name, c, status] of [
    ['number letters', card({ number: 'abcd abcd abcd abcd' }), 400],
    ['number too short', card({ number: '4242' }), 400],
    ['number 20 digits', card({ number: '4'.repeat(20) }), 400],
    ['number as a number', card({ number: 4242424242424242 }), 400],
    ['number with a NUL', card({ number: '4242424242424242\u0000' }), 400],
    ['number failing Luhn', card({ number: '4242424242424241' }), 402],
    ['declined card', card({ number: '4000000000000002' }), 402],
    ['insufficient funds', card({ number: '4000000000009995' }), 402],
    ['expMonth 0', card({ expMonth: 0 }), 400],
    ['expMonth 13', card({ expMonth: 13 }), 400],
    ['expMonth 1.5', card({ expMonth: 1.5 }), 400],
    ['expMonth a string', card({ expMonth: '12' }), 400],
    ['expYear 1999', card({ expYear: 1999 }), 400],
    ['expYear 2101', card({ expYear: 2101 }), 400],
    ['expired', card({ expYear: 2020 }), 402],
    ['cvc 2 digits', card({ cvc: '12' }), 400],
    ['cvc 5 digits', card({ cvc: '12345' }), 400],
    ['cvc a number', card({ cvc: 123 }), 400],
    ['cvc SQL', card({ cvc: "1' OR 1=1 --" }), 400],
    ['card extra field', card({ holder: '<script>alert(1)</script>' }), 400],
    ['card NoSQL', { $gt: '' }, 400],
  ] as const) {
    add({ ...confirm, name, body: { clientSecret: state.clientSecret, card: c }, status });
  }
  for (const [name, clientSecret, status] of [
    ['empty', '', 400],
    ['201 characters', 's'.repeat(201), 400],
    ['SQL injection', "' OR 1=1 --", 404],
    ['NUL byte', `${state.clientSecret}\u0000`, undefined],
    ['NoSQL operator', NOSQL, 400],
    ["another customer's", 'bob', 404],
  ] as const) {
    add({
      ...confirm,
      name: `clientSecret ${name}`,
      body: { clientSecret: clientSecret === 'bob' ? state.bobClientSecret : clientSecret, card: card() },
      status,
    });
  }
  add({ ...confirm, name: 'card missing', body: { clientSecret: state.clientSecret }, status: 400 });
  add({
    ...confirm,
    name: 'extra amount',
    body: { clientSecret: state.clientSecret, card: card(), amount: 1 },
    status: 400,
  });

  // --- POST /api/review ---------------------------------------------------------------------------
  const review = { group: 'POST /api/review', method: 'POST' as const, url: '/api/review' };
  const rv = (extra: Record<string, unknown>) => ({
    profession: 'Carpenter',
    productName: 'Jigsaw',
    ratings: 4,
    opinions: 'Cuts clean.',
    ...extra,
  });
  brokenBodies(review.group, 'POST', review.url, 'customer', rv({}));
  for (const [field, max] of [
    ['profession', 100],
    ['productName', 200],
    ['opinions', 1000],
  ] as const) {
    for (const [name, value] of FREE_TEXT) {
      add({
        ...review,
        name: `${field}: ${name}`,
        // Ann's earlier reviews go first: one per product and five a day would refuse the next.
        body: async () => {
          await t.db.delete(reviews).where(eq(reviews.userId, ann.id));
          return rv({ [field]: value });
        },
        outcome: 'accept',
        verify: async (res) => verifyReview(res.json().insertedId, { [field]: value }),
      });
    }
    add({ ...review, name: `${field}: NUL byte`, body: rv({ [field]: NUL }), status: 400 });
    add({ ...review, name: `${field}: too long`, body: rv({ [field]: 'x'.repeat(max + 1) }), status: 400 });
    add({ ...review, name: `${field}: only spaces`, body: rv({ [field]: '   ' }), status: 400 });
    add({ ...review, name: `${field}: NoSQL operator`, body: rv({ [field]: NOSQL }), status: 400 });
    add({ ...review, name: `${field}: null`, body: rv({ [field]: null }), status: 400 });
  }
  for (const [name, ratings] of [
    ['0', 0],
    ['6', 6],
    ['-1', -1],
    ['3.5', 3.5],
    ['"5"', '5'],
    ['"NaN"', 'NaN'],
    ['true', true],
    ['null', null],
    ['[5]', [5]],
    ['NoSQL', { $gt: 0 }],
    ['2^31', 2 ** 31],
  ] as const) {
    add({ ...review, name: `ratings ${name}`, body: rv({ ratings }), status: 400 });
  }
  add({
    ...review,
    name: 'ratings 1e999',
    raw: JSON.stringify(rv({})).replace('"ratings":4', '"ratings":1e999'),
    status: 400,
  });
  add({
    ...review,
    name: 'ratings -1e999',
    raw: JSON.stringify(rv({})).replace('"ratings":4', '"ratings":-1e999'),
    status: 400,
  });
  add({
    ...review,
    name: 'ratings written 5e0',
    // A product of its own: a customer reviews a product once.
    raw: JSON.stringify(rv({ productName: 'Orbital Sander' })).replace('"ratings":4', '"ratings":5e0'),
    outcome: 'accept',
    verify: async (res) => verifyReview(res.json().insertedId, { ratings: 5 }),
  });
  // The author's name and photo come from the account, whatever the client says.
  add({
    ...review,
    name: 'customerName and img spoofed (ignored)',
    body: rv({
      productName: 'Band Saw',
      customerName: '<img src=x onerror=alert(1)>',
      img: 'javascript:alert(1)',
    }),
    outcome: 'accept',
    verify: async (res) =>
      verifyReview(res.json().insertedId, { customerName: ann.name, img: '/images/people/placeholder.svg' }),
  });
  for (const [extra, value] of [
    ['userId', bob.id],
    ['verified', true],
    ['_id', randomUUID()],
    ['createdAt', '2001-01-01'],
    ['role', 'admin'],
    ['isAdmin', true],
  ] as const) {
    add({ ...review, name: `extra ${extra}`, body: rv({ [extra]: value }), status: 400 });
  }

  // --- PATCH /api/shiftNow/{id} -------------------------------------------------------------------
  const ship = {
    group: 'PATCH /api/shiftNow/:id',
    method: 'PATCH' as const,
    url: `/api/shiftNow/${state.paidOrderId}`,
    who: 'admin' as const,
  };
  brokenBodies(ship.group, 'PATCH', ship.url, 'admin', { shiftNow: true });
  for (const [name, body] of [
    ['shiftNow false', { shiftNow: false }],
    ['shiftNow "true"', { shiftNow: 'true' }],
    ['shiftNow 1', { shiftNow: 1 }],
    ['empty object', {}],
    ['extra paid', { shiftNow: true, paid: false }],
    ['NoSQL', { shiftNow: { $ne: false } }],
  ] as const) {
    add({ ...ship, name, body, status: 400 });
  }

  // --- POST /api/addTool --------------------------------------------------------------------------
  const addTool = {
    group: 'POST /api/addTool',
    method: 'POST' as const,
    url: '/api/addTool',
    who: 'admin' as const,
  };
  const tool = (extra: Record<string, unknown>) => ({
    name: 'Hostile Drill',
    minimumOrder: 2,
    availableQuantity: 40,
    price: 99.5,
    img: '/images/tools/jigsaw.svg',
    description: 'A drill for the corpus.',
    ...extra,
  });
  brokenBodies(addTool.group, 'POST', addTool.url, 'admin', tool({}));
  for (const [name, price] of [
    ['-1', -1],
    ['0', 0],
    ['0.001', 0.001],
    ['1.005', 1.005],
    ['1e7', 1e7],
    ['"10"', '10'],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['null', null],
    ['true', true],
    ['NoSQL', { $gt: 0 }],
  ] as const) {
    add({ ...addTool, name: `price ${name}`, body: tool({ price }), status: 400 });
  }
  add({
    ...addTool,
    name: 'price 1e999',
    raw: JSON.stringify(tool({})).replace('"price":99.5', '"price":1e999'),
    status: 400,
  });
  add({ ...addTool, name: 'price 1e-9', body: tool({ price: 1e-9 }), status: 400 });
  add({
    ...addTool,
    name: 'price 5e-324',
    raw: JSON.stringify(tool({})).replace('"price":99.5', '"price":5e-324'),
    status: 400,
  });
  add({
    ...addTool,
    name: 'price written 1e2',
    raw: JSON.stringify(tool({ name: 'Exponent Drill' })).replace('"price":99.5', '"price":1e2'),
    outcome: 'accept',
    verify: async (res) => verifyTool(res.json().insertedId, { price: 100 }),
  });
  for (const [field, values] of [
    ['minimumOrder', [0, -1, 1.5, 2_000_000, '5', null]],
    ['availableQuantity', [-1, 1.5, 1e9, 2 ** 31, '40', null]],
  ] as const) {
    for (const value of values) {
      add({
        ...addTool,
        name: `${field} ${JSON.stringify(value)}`,
        body: tool({ [field]: value }),
        status: 400,
      });
    }
  }
  for (const [field, max] of [
    ['name', 120],
    ['description', 2000],
  ] as const) {
    for (const [name, value] of FREE_TEXT) {
      add({
        ...addTool,
        name: `${field}: ${name}`,
        body: tool({ [field]: value }),
        outcome: 'accept',
        verify: async (res) => verifyTool(res.json().insertedId, { [field]: value }),
      });
    }
    add({ ...addTool, name: `${field}: NUL byte`, body: tool({ [field]: NUL }), status: 400 });
    add({
      ...addTool,
      name: `${field}: too long`,
      body: tool({ [field]: 'x'.repeat(max + 1) }),
      status: 400,
    });
    add({ ...addTool, name: `${field}: only spaces`, body: tool({ [field]: '  ' }), status: 400 });
    add({ ...addTool, name: `${field}: NoSQL`, body: tool({ [field]: NOSQL }), status: 400 });
  }
  for (const img of [
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/x.png',
    'https://evil.example/a b.png',
    'ftp://evil.example/x.png',
    'images/relative.png',
    `/images/${'\u0000'}.png`,
    `https://cdn.example.com/${'x'.repeat(2000)}`,
  ]) {
    add({ ...addTool, name: `img ${JSON.stringify(img.slice(0, 40))}`, body: tool({ img }), status: 400 });
  }
  const oddImg = 'https://cdn.example.com/a.png?"onerror="alert(1)';
  add({
    ...addTool,
    name: 'img https URL with quotes',
    body: tool({ img: oddImg }),
    outcome: 'accept',
    verify: async (res) => verifyTool(res.json().insertedId, { img: oddImg }),
  });
  for (const [extra, value] of [
    ['_id', randomUUID()],
    ['priceCents', 1],
    ['archivedAt', null],
    ['role', 'admin'],
    ['isAdmin', true],
    ['createdAt', '2001-01-01'],
  ] as const) {
    add({ ...addTool, name: `extra ${extra}`, body: tool({ [extra]: value }), status: 400 });
  }

  // --- PATCH /api/tool/{id}: addTool's rules, any of its fields -----------------------
  const editTool = {
    group: 'PATCH /api/tool/:id',
    method: 'PATCH' as const,
    url: `/api/tool/${state.toolId}`,
    who: 'admin' as const,
  };
  brokenBodies(editTool.group, 'PATCH', editTool.url, 'admin', { price: 12.5 });
  for (const [trickName, trick] of ID_TRICKS) {
    add({
      ...editTool,
      name: `id: ${trickName}`,
      url: `/api/tool/${trick(state.toolId)}`,
      body: { price: 12.5 },
    });
  }
  add({
    ...editTool,
    name: 'an archived tool',
    url: `/api/tool/${state.archivedToolId}`,
    body: { price: 12.5 },
    status: 404,
  });
  for (const [name, body] of [
    ['empty object', {}],
    ['every field undefined', { name: undefined }],
    ['price 0', { price: 0 }],
    ['price 1.005', { price: 1.005 }],
    ['price "10"', { price: '10' }],
    ['price NoSQL', { price: { $gt: 0 } }],
    ['price null', { price: null }],
    ['availableQuantity -1', { availableQuantity: -1 }],
    ['availableQuantity 1.5', { availableQuantity: 1.5 }],
    ['availableQuantity 2^31', { availableQuantity: 2 ** 31 }],
    ['minimumOrder 0', { minimumOrder: 0 }],
    ['name only spaces', { name: '  ' }],
    ['name NUL byte', { name: NUL }],
    ['name too long', { name: 'x'.repeat(121) }],
    ['description NoSQL', { description: NOSQL }],
    ['img javascript:', { img: 'javascript:alert(1)' }],
    ['img protocol-relative', { img: '//evil.example/x.png' }],
    ['category unknown', { category: 'lawnmowers' }],
    ['extra priceCents', { price: 10, priceCents: 1 }],
    ['extra archivedAt', { archivedAt: null }],
    ['extra _id', { _id: randomUUID() }],
  ] as const) {
    add({ ...editTool, name, body, status: 400 });
  }

  // --- the admin's reviews -----------------------------------------------------------
  for (const [name, trick] of ID_TRICKS) {
    // As DELETE /tool: an id that names nothing answers deletedCount 0 and changes nothing.
    add({
      group: 'DELETE /api/review/:id',
      name,
      method: 'DELETE',
      url: `/api/review/${trick(randomUUID())}`,
      who: 'admin',
      outcome: 'noop',
    });
  }
  for (const [name, query] of [
    ['cursor not ours', 'cursor=bm9wZQ'],
    [
      'cursor SQL',
      `cursor=${Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00' OR 1=1 --", randomUUID()])).toString('base64url')}`,
    ],
    [
      'cursor 30 February',
      `cursor=${Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', randomUUID()])).toString('base64url')}`,
    ],
    [
      'cursor id SQL',
      `cursor=${Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', "x' OR '1'='1"])).toString('base64url')}`,
    ],
    ['limit -1', 'limit=-1'],
    ['limit 1e9', 'limit=1e9'],
    ['limit NoSQL', 'limit[$gt]=0'],
    ['unknown parameter', 'q=x'],
  ] as const) {
    add({
      group: 'GET /api/admin/reviews',
      name,
      method: 'GET',
      url: `/api/admin/reviews?${query}`,
      who: 'admin',
      status: 400,
    });
  }

  // --- a product page's reviews: GET /api/tool/{id}/reviews ------------------------------
  for (const [name, trick] of ID_TRICKS) {
    add({
      group: 'GET /api/tool/:id/reviews',
      name,
      method: 'GET',
      url: `/api/tool/${trick(state.toolId)}/reviews`,
      who: 'anonymous',
      // /api/tool/../reviews is GET /api/reviews, the carousel's public list.
      ...(name === '%2e%2e' && { outcome: 'noop' as const }),
    });
  }
  for (const [name, query] of [
    ['cursor not ours', 'cursor=bm9wZQ'],
    [
      'cursor SQL',
      `cursor=${Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00' OR 1=1 --", randomUUID()])).toString('base64url')}`,
    ],
    [
      'cursor 30 February',
      `cursor=${Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', randomUUID()])).toString('base64url')}`,
    ],
    [
      'cursor id SQL',
      `cursor=${Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', "x' OR '1'='1"])).toString('base64url')}`,
    ],
    ['limit 0', 'limit=0'],
    ['limit 49', 'limit=49'],
    ['limit 1e9', 'limit=1e9'],
    ['limit NoSQL', 'limit[$gt]=0'],
    ['unknown parameter', 'q=x'],
  ] as const) {
    add({
      group: 'GET /api/tool/:id/reviews',
      name,
      method: 'GET',
      url: `/api/tool/${state.toolId}/reviews?${query}`,
      who: 'anonymous',
      status: 400,
    });
  }

  // --- the admin's lists: GET /api/admin/orders, orders.csv, users ------------------------
  const at = (stamp: string, id: string) => Buffer.from(JSON.stringify([stamp, id])).toString('base64url');
  for (const path of ['/api/admin/orders', '/api/admin/users', '/api/admin/orders.csv']) {
    const group = `GET ${path}`;
    const paged = !path.endsWith('.csv');
    const refused: [string, string][] = [
      ['q 101 characters', `q=${'q'.repeat(101)}`],
      ['q NoSQL', 'q[$ne]=x'],
      ['unknown parameter', 'sort=name'],
      ...(path !== '/api/admin/users'
        ? ([
            ['status unknown', 'status=lost'],
            ['status SQL', "status=paid'%20OR%201=1%20--"],
          ] as [string, string][])
        : []),
      ...(paged
        ? ([
            ['cursor not ours', 'cursor=bm9wZQ'],
            ['cursor SQL', `cursor=${at("2026-01-01 00:00:00+00' OR 1=1 --", randomUUID())}`],
            ['cursor 30 February', `cursor=${at('2026-02-30 00:00:00+00', randomUUID())}`],
            ['limit -1', 'limit=-1'],
            ['limit 1e9', 'limit=1e9'],
            ['limit NoSQL', 'limit[$gt]=0'],
          ] as [string, string][])
        : ([['cursor on the CSV', 'cursor=bm9wZQ']] as [string, string][])),
    ];
    for (const [name, query] of refused) {
      add({ group, name, method: 'GET', url: `${path}?${query}`, who: 'admin', status: 400 });
    }
    // Searched for as text: SQL, LIKE's wildcards and markup find what contains them, nothing more.
    for (const [name, q] of [
      ['q SQL', "' OR 1=1 --"],
      ['q percent', '%'],
      ['q underscore', '_'],
      ['q backslash', '\\'],
      ['q script tag', '<script>alert(1)</script>'],
    ] as const) {
      add({
        group,
        name,
        method: 'GET',
        url: `${path}?q=${encodeURIComponent(q)}`,
        who: 'admin',
        outcome: 'accept',
      });
    }
  }

  // --- POST /api/newsletter: anyone ---------------------------------------------------
  const newsletter = {
    group: 'POST /api/newsletter',
    method: 'POST' as const,
    url: '/api/newsletter',
    who: 'anonymous' as const,
  };
  const reader = (extra: Record<string, unknown>) => ({
    name: 'Hostile Reader',
    email: `reader${randomUUID().slice(0, 8)}@example.com`,
    ...extra,
  });
  brokenBodies(newsletter.group, 'POST', newsletter.url, 'anonymous', reader({}));
  for (const [name, body] of [
    ['no email', { name: 'A' }],
    ['email NoSQL', reader({ email: { $ne: null } })],
    ['email SQL', reader({ email: "' OR 1=1 --@example.com" })],
    ['email 255 characters', reader({ email: `${'a'.repeat(243)}@example.com` })],
    ['email NUL byte', reader({ email: `a${NUL}@example.com` })],
    ['name script tag', reader({ name: '<script>alert(1)</script>' })],
    ['name NUL byte', reader({ name: NUL })],
    ['name 101 characters', reader({ name: 'n'.repeat(101) })],
    ['name NoSQL', reader({ name: NOSQL })],
    ['phone letters', reader({ phone: 'call me' })],
    ['phone SQL', reader({ phone: "'; DROP TABLE tools; --" })],
    ['phone 31 characters', reader({ phone: '1'.repeat(31) })],
    ['extra role', reader({ role: 'admin' })],
    ['extra createdAt', reader({ createdAt: '2001-01-01' })],
  ] as const) {
    add({ ...newsletter, name, body, status: 400 });
  }
  for (const [name, value] of FREE_TEXT.filter(([, v]) => !/[<>]/.test(v))) {
    add({
      ...newsletter,
      name: `name: ${name}`,
      body: reader({ name: value }),
      outcome: 'accept',
      verify: async (res, sent) => {
        const { email } = sent as { email: string };
        const [row] = await t.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));
        if (res.json().acknowledged !== true) return `answered ${res.body}`;
        return row?.name === value ? undefined : `stored ${JSON.stringify(row?.name)}`;
      },
    });
  }

  // --- GET /api/newsletter/confirm: the mailed link, anyone; a token never mailed changes nothing ---
  const confirmLink = {
    group: 'GET /api/newsletter/confirm',
    method: 'GET' as const,
    who: 'anonymous' as const,
  };
  for (const [name, token] of [
    ['token SQL', "' OR 1=1 --"],
    ['token NoSQL', '{"$ne":null}'],
    ['token of a mailed one’s shape', 'A'.repeat(43)],
    ['token repeated', 'a&token=b'],
  ] as const) {
    add({
      ...confirmLink,
      name,
      url: `/api/newsletter/confirm?token=${encodeURIComponent(token)}`,
      outcome: 'noop',
    });
  }
  add({
    ...confirmLink,
    name: 'token 201 characters',
    url: `/api/newsletter/confirm?token=${'a'.repeat(201)}`,
    status: 400,
  });

  // --- better-auth's sign-up and sign-in (their own error shape) ---------------------------------
  const signUpCall = {
    group: 'POST /api/auth/sign-up/email',
    method: 'POST' as const,
    url: '/api/auth/sign-up/email',
    who: 'anonymous' as const,
    authShape: true,
  };
  const newAccount = (extra: Record<string, unknown> = {}) => ({
    name: 'Hostile Visitor',
    email: `hostile${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
    ...extra,
  });
  brokenBodies(signUpCall.group, 'POST', signUpCall.url, 'anonymous', newAccount(), true);
  for (const [name, extra] of [
    ['email SQL injection', { email: "' OR 1=1 --" }],
    ['email NoSQL', { email: NOSQL }],
    ['email with a NUL', { email: `nul\u0000${randomUUID().slice(0, 6)}@example.com` }],
    ['name NUL byte', { name: NUL }],
    ['name NoSQL', { name: NOSQL }],
    ['password 129 characters', { password: 'p'.repeat(129) }],
    ['password NoSQL', { password: NOSQL }],
  ] as const) {
    add({ ...signUpCall, name, body: newAccount(extra) });
  }
  // A name is shown on public reviews: plain text, so markup is refused (13.14); the rest is text.
  for (const [name, value] of FREE_TEXT.filter(([, v]) => /[<>]/.test(v))) {
    add({ ...signUpCall, name: `name: ${name}`, body: newAccount({ name: value }), status: 400 });
  }
  for (const [name, value] of FREE_TEXT.filter(([, v]) => !/[<>]/.test(v))) {
    add({
      ...signUpCall,
      name: `name: ${name}`,
      body: newAccount({ name: value }),
      outcome: 'accept',
      verify: async (res) => {
        const [row] = await t.db.select().from(user).where(eq(user.email, res.json().user.email));
        return row?.name === value && row.role === 'user' ? undefined : `stored ${JSON.stringify(row)}`;
      },
    });
  }
  // A role in the sign-up must never make an admin.
  add({
    ...signUpCall,
    name: 'extra role admin (ignored)',
    body: newAccount({ role: 'admin' }),
    outcome: 'accept',
    verify: async (res) => {
      const [row] = await t.db.select().from(user).where(eq(user.email, res.json().user.email));
      return row?.role === 'user' ? undefined : `role ${row?.role}`;
    },
  });
  const signInCall = {
    group: 'POST /api/auth/sign-in/email',
    method: 'POST' as const,
    url: '/api/auth/sign-in/email',
    who: 'anonymous' as const,
    authShape: true,
  };
  for (const [name, body] of [
    ['email NoSQL', { email: { $ne: null }, password: 'x'.repeat(9) }],
    ['password NoSQL', { email: ann.email, password: { $ne: null } }],
    ['email SQL injection', { email: "' OR 1=1 --", password: 'x'.repeat(9) }],
    ['email with a NUL', { email: `${ann.email}\u0000`, password: 'correct horse battery' }],
    ['wrong password with SQL', { email: ann.email, password: "' OR '1'='1" }],
  ] as const) {
    add({ ...signInCall, name, body });
  }
  // Spellings of the same path that better-auth routes (13.8). app.inject resolves them as the
  // URL parser does; src/server/auth/auth.test.ts sends them over a socket as written.
  for (const spelled of [
    '/api/auth/./sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/x/%2E%2E/sign-in/email',
    '/api/auth/sign-in/email#fragment',
  ]) {
    add({
      ...signInCall,
      name: `path ${spelled}`,
      url: spelled,
      body: { email: ann.email, password: 'a wrong guess' },
      status: 401,
    });
  }
  // NUL in an auth call: the 400 and error shape of every other call, not a 500 (13.15).
  for (const [name, url, body] of [
    ['NUL in the path', '/api/auth/sign-in%00/email', { email: ann.email, password: 'x'.repeat(9) }],
    ['NUL in the query', '/api/auth/sign-in/email?x=%00', { email: ann.email, password: 'x'.repeat(9) }],
    ['NUL in the password', '/api/auth/sign-in/email', { email: ann.email, password: NUL }],
    ['NUL in a reset token', '/api/auth/reset-password', { newPassword: 'x'.repeat(9), token: NUL }],
  ] as const) {
    add({ ...signInCall, name, url, body, status: 400, code: 'invalid_input' });
  }
  add({
    ...signUpCall,
    name: 'name NUL byte (error shape)',
    body: newAccount({ name: NUL }),
    status: 400,
    code: 'invalid_input',
  });
  const updateUserCall = {
    group: 'POST /api/auth/update-user',
    method: 'POST' as const,
    url: '/api/auth/update-user',
    who: 'cookie' as const,
    status: 400,
    code: 'invalid_input',
  };
  for (const [name, body] of [
    ['image http tracking pixel', { image: 'http://tracker.example/pixel.gif' }],
    ['image javascript:', { image: 'javascript:alert(1)' }],
    ['image data:', { image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }],
    ['image 501 characters', { image: `https://cdn.example/${'a'.repeat(481)}` }],
    ['name script tag', { name: '<script>alert(1)</script>' }],
    ['name 101 characters', { name: 'n'.repeat(101) }],
    ['name control character', { name: 'bell\u0007' }],
    ['name NUL byte', { name: NUL }],
  ] as const) {
    add({ ...updateUserCall, name, body });
  }
  add({ ...signInCall, name: 'malformed JSON', raw: '{"email":', status: 400, code: 'invalid_json' });
  add({
    ...signInCall,
    name: 'body over 64 KB',
    body: { email: ann.email, password: 'x'.repeat(70_000) },
    status: 413,
  });
}

// State the corpus names: ann's open order with an unconfirmed intent, bob's the same, a paid order.
const state = {
  toolId: '',
  archivedToolId: '',
  orderId: '',
  intentId: '',
  clientSecret: '',
  bobOrderId: '',
  bobIntentId: '',
  bobClientSecret: '',
  paidOrderId: '',
  cancelledOrderId: '',
};

const headersOf = (who: Who): Record<string, string> =>
  who === 'customer'
    ? { origin, ...ann.bearer }
    : who === 'admin'
      ? { origin, ...boss.bearer }
      : who === 'cookie'
        ? { origin, cookie: ann.cookie }
        : { origin };

const get = (url: string, account?: TestAccount) => t.app.inject({ url, headers: account?.bearer ?? {} });

async function verifyReview(id: string, expected: Record<string, unknown>) {
  // On PostgreSQL the cached list is dropped when the change notification arrives, a moment after
  // the commit (see tools.test.ts): wait for it.
  const { res, found } = await vi
    .waitFor(
      async () => {
        const res = await t.app.inject('/api/reviews');
        const found = (res.json() as Record<string, unknown>[]).find((r) => r._id === id);
        if (!found) throw new Error('not listed yet');
        return { res, found };
      },
      { timeout: 5_000, interval: 50 },
    )
    .catch(() => ({ res: undefined, found: undefined }));
  if (!res) return 'GET /api/reviews never lists it';
  if (!/^application\/json/.test(String(res.headers['content-type']))) return 'reviews not served as JSON';
  if (res.headers['x-content-type-options'] !== 'nosniff') return 'reviews served without nosniff';
  const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
  for (const [key, value] of Object.entries(expected)) {
    if (found?.[key] !== value) return `GET /api/reviews shows ${key} ${JSON.stringify(found?.[key])}`;
    if ((row as Record<string, unknown> | undefined)?.[key] !== value) return `stored ${key} differs`;
  }
  return undefined;
}

async function verifyTool(id: string, expected: Record<string, unknown>) {
  const res = await t.app.inject(`/api/tool/${id}`);
  if (!/^application\/json/.test(String(res.headers['content-type']))) return 'tool not served as JSON';
  const found = res.json() as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected)) {
    if (found[key] !== value) return `GET /api/tool shows ${key} ${JSON.stringify(found[key])}`;
  }
  return undefined;
}

let last: Snapshot | undefined;

async function run(c: Case): Promise<Result> {
  const sent = typeof c.body === 'function' ? await (c.body as () => Promise<unknown>)() : c.body;
  // For `raw` with a body function, raw names how the quantity is written (an exponent, say).
  let payload: string | undefined;
  let contentType = c.contentType;
  if (c.raw !== undefined && typeof c.body === 'function') {
    payload = JSON.stringify(sent).replace(/"quantity":\d+/, `"quantity":${c.raw}`);
  } else if (c.raw !== undefined) payload = c.raw;
  else if (sent !== undefined) payload = JSON.stringify(sent);
  if (payload !== undefined) contentType ??= 'application/json';
  // Between two calls only a case's own preparation writes: otherwise the last snapshot still holds.
  const before = typeof c.body === 'function' || !last ? await snapshot(t.db) : last;
  const res = await t.app.inject({
    method: c.method,
    url: c.url,
    headers: { ...headersOf(c.who), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  const after = await snapshot(t.db);
  last = after;
  const result: Result = { c, status: res.statusCode, body: res.body, changed: changedTables(before, after) };
  const json = parseJson(res);
  if (res.statusCode >= 500) return result;
  if (c.outcome === 'accept') {
    if (res.statusCode >= 300) result.problem = `refused a legitimate input (${res.statusCode})`;
    else result.problem = await c.verify?.(res, sent);
    return result;
  }
  if (c.outcome === 'refuse' && (res.statusCode < 400 || (c.status && res.statusCode !== c.status))) {
    result.problem = `answered ${res.statusCode}, expected ${c.status ?? '4xx'}`;
  } else if (c.code && (json as { error?: { code?: unknown } } | undefined)?.error?.code !== c.code) {
    result.problem = `answered another code than ${c.code}`;
  } else if (res.statusCode >= 400) {
    const shaped =
      isErrorShape(json) ||
      (c.authShape && typeof (json as { message?: unknown } | undefined)?.message === 'string');
    if (!shaped) result.problem = 'not the error shape';
    else if (leaksIn(res.body).length) result.problem = `leaks ${leaksIn(res.body).join(', ')}`;
  }
  return result;
}

const describeCase = (r: Result) => `${r.c.group} — ${r.c.name}: ${r.status} ${r.body.slice(0, 160)}`;

beforeAll(async () => {
  t = await createTestApp();
  const withId = async (a: TestAccount) => ({ ...a, id: await userIdOf(t.db, a.email) });
  [ann, bob, boss] = await Promise.all([
    signUp(t.app, 'ann').then(withId),
    signUp(t.app, 'bob').then(withId),
    signUp(t.app, 'boss').then(withId),
  ]);
  await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, boss.id));

  state.toolId = (await createTool(t.db, { minimumOrder: 2, availableQuantity: 50 })).id;
  state.archivedToolId = (await createTool(t.db, { archivedAt: new Date() })).id;
  const open = async (account: TestAccount & { id: string }) => {
    const o = await createOrder(t.db, account);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: account.bearer,
      payload: { orderId: o.id },
    });
    const clientSecret = res.json().clientSecret as string;
    return { id: o.id, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  };
  const a = await open(ann);
  const b = await open(bob);
  Object.assign(state, {
    orderId: a.id,
    intentId: a.intentId,
    clientSecret: a.clientSecret,
    bobOrderId: b.id,
    bobIntentId: b.intentId,
    bobClientSecret: b.clientSecret,
  });
  state.paidOrderId = (await createPaidOrder(t.db, ann)).id;
  state.cancelledOrderId = (await createOrder(t.db, ann, { cancelledAt: new Date() })).id;

  buildCorpus();
  const started = performance.now();
  for (const c of cases) results.push(await run(c));
  console.info(`corpus ran in ${Math.round(performance.now() - started)} ms`);
}, 240_000);

afterAll(async () => t?.close());

describe('hostile input corpus', () => {
  it('holds 200+ cases over every call that takes input', () => {
    const groups = new Set(cases.map((c) => c.group));
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect([...groups].sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/myOrder/:id',
        'DELETE /api/tool/:id',
        'DELETE /api/review/:id',
        'GET /api/admin/reviews',
        'GET /api/admin/orders',
        'GET /api/admin/orders.csv',
        'GET /api/admin/users',
        'PATCH /api/tool/:id',
        'POST /api/newsletter',
        'GET /api/newsletter/confirm',
        'GET /api/admin/:email',
        'GET /api/myOrder/:id',
        'GET /api/myOrders',
        'GET /api/tool/:id',
        'GET /api/tool/:id/reviews',
        'GET /api/user/:email',
        'GET /api/users',
        'PATCH /api/order/:id',
        'PATCH /api/shiftNow/:id',
        'POST /api/addTool',
        'POST /api/create-payment-intent',
        'POST /api/payments/sandbox/confirm',
        'POST /api/purchase',
        'POST /api/review',
        'PUT /api/myProfile/:email',
        'PUT /api/user/:email',
        'PUT /api/user/admin/:email',
      ]),
    );
    expect(results).toHaveLength(cases.length);
    console.info(`hostile input corpus: ${cases.length} cases in ${groups.size} calls`);
  });

  it('never answers 5xx', () => {
    const offenders = results.filter((r) => r.status >= 500).map(describeCase);
    expect(offenders, `${offenders.length} cases answered 5xx:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('refuses what it must with a 4xx in the error shape, never showing internals', () => {
    const wrong = results.filter((r) => r.status < 500 && r.c.outcome !== 'accept' && r.problem);
    expect(wrong.map((r) => `${describeCase(r)} — ${r.problem}`)).toEqual([]);
  });

  it('answers deletedCount 0, never 1, to a delete whose id names no listed tool', () => {
    const answered = results.filter((r) => r.c.group === 'DELETE /api/tool/:id' && r.status < 300);
    expect(answered.length).toBeGreaterThan(0);
    const wrong = answered.filter((r) => {
      const { acknowledged, deletedCount, ...rest } = JSON.parse(r.body) as Record<string, unknown>;
      return acknowledged !== true || deletedCount !== 0 || Object.keys(rest).length > 0;
    });
    expect(wrong.map(describeCase)).toEqual([]);
  });

  it('changes nothing when it refuses (or ignores) an input', () => {
    const changed = results
      .filter((r) => r.c.outcome !== 'accept' && r.changed.length)
      .map((r) => `${describeCase(r)} — changed ${r.changed.join(', ')}`);
    expect(changed).toEqual([]);
  });

  it('keeps hostile-looking text verbatim, as JSON data, where the field is free text', () => {
    const wrong = results
      .filter((r) => r.c.outcome === 'accept' && r.status < 500 && r.problem)
      .map((r) => `${describeCase(r)} — ${r.problem}`);
    expect(wrong).toEqual([]);
    // The tables the injection strings name are all still there.
    return Promise.all([t.db.select().from(tools).limit(1), t.db.select().from(user).limit(1)]).then(
      ([a, b]) => {
        expect(a).toHaveLength(1);
        expect(b).toHaveLength(1);
      },
    );
  });
});

// better-auth's calls are read by the same JSON parser as the API's: a prototype key is refused
// saying so (Fastify's own parser says only that the body is not JSON), before anything is done.
describe("better-auth's calls with a prototype key", () => {
  const PROTO_KEYS = [
    ['__proto__', '"__proto__":{"role":"admin"}'],
    ['constructor.prototype', '"constructor":{"prototype":{"role":"admin"}}'],
  ] as const;
  const refusal = {
    code: 'invalid_input',
    message: 'The keys "__proto__" and "constructor" (with "prototype") are not accepted in a body.',
  };
  const post = (url: string, body: Record<string, unknown>, key: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/json' },
      payload: JSON.stringify(body).replace(/^\{/, `{${key},`),
    });

  it.each(PROTO_KEYS)('refuses a sign-up with a %s key, creating no account', async (_what, key) => {
    const email = `proto${randomUUID().slice(0, 8)}@example.com`;
    const res = await post(
      '/api/auth/sign-up/email',
      { name: 'Proto Visitor', email, password: 'correct horse battery' },
      key,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: refusal });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it.each(PROTO_KEYS)('refuses a sign-in with a %s key, opening no session', async (_what, key) => {
    const sessionsOf = () => t.db.select().from(session).where(eq(session.userId, ann.id));
    const before = (await sessionsOf()).length;
    const res = await post('/api/auth/sign-in/email', { email: ann.email, password: ann.password }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: refusal });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf()).toHaveLength(before);
  });
});
