import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { createTestApp, openTestDatabase, testConfig } from '#tests/fixtures/test-app.ts';
import type { Config } from '#server/config.ts';
import { buildApp } from '#server/app.ts';
import { isErrorShape, leaksIn, parseJson } from './support.ts';

// better-auth decides once, when its module loads, whether it runs under a test runner (NODE_ENV
// "test", or TEST set, as Vitest sets it); then it skips its Origin/CSRF checks. This file looks
// at the store as it is deployed, so better-auth must load believing it is in production. TEST is
// switched per app below (it is read when each app is built).
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

const EVIL = 'https://evil.example';
const SHOP = 'https://shop.example.com';
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Builds a store with better-auth seeing TEST as the project's own test runs do, or as deployed. */
async function storeApp(overrides: Partial<Config>, runner: 'as deployed' | 'as the test runner sets it') {
  const saved = process.env.TEST;
  if (runner === 'as deployed') delete process.env.TEST;
  else process.env.TEST = 'true';
  try {
    const t = await createTestApp(overrides);
    await t.app.auth.$context;
    return t;
  } finally {
    if (saved === undefined) delete process.env.TEST;
    else process.env.TEST = saved;
  }
}

const webDir = mkdtempSync(join(tmpdir(), 'torque-surface-web-'));
let t: TestApp;
let prod: TestApp;
let ann: TestAccount;

beforeAll(async () => {
  // A stand-in for the built SPA, so that this file does not depend on `npm run build`.
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("torque")');
  // The build's precompressed twins (vite.config.ts writes them beside every text file).
  writeFileSync(join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("torque")'));
  writeFileSync(join(webDir, 'index.html.gz'), gzipSync(readFileSync(join(webDir, 'index.html'))));
  [t, prod] = await Promise.all([
    storeApp({ webDir }, 'as deployed'),
    storeApp({ env: 'production', publicUrl: SHOP, authSecret: 'x'.repeat(40), webDir }, 'as deployed'),
  ]);
  ann = await signUp(t.app, 'ann');
  const ctx = await t.app.auth.$context;
  expect(ctx.skipOriginCheck, 'better-auth loaded before NODE_ENV could be set for this file').toBe(false);
});

afterAll(async () => {
  await Promise.all([t?.close(), prod?.close()]);
  rmSync(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1)]),
  );
  expect(csp, `${what}: CSP`).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
  expect(directives.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(directives.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(directives.get('style-src'), `${what}: style-src`).toEqual(["'self'"]);
  expect(directives.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(directives.get('form-action'), `${what}: form-action`).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['x-frame-options'], `${what}: x-frame-options`).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], `${what}: referrer-policy`).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], `${what}: COOP`).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  expect(res.headers['x-powered-by'], `${what}: x-powered-by`).toBeUndefined();
}

describe('security headers', () => {
  it('sends them, with a CSP that allows no inline script or style, on HTML pages', async () => {
    for (const url of ['/', '/dashboard/myOrders', '/purchase/123']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      // A page may be drawn for its signed-in visitor (decision 011): no shared cache keeps it.
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expectSecurityHeaders(res, url);
    }
    const unknown = await t.app.inject('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown, 'an unknown page');
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset, 'an asset');
  });

  it('sends the short REST set on API answers and API errors, which shared caches may not keep', async () => {
    for (const url of ['/api/tools', '/api/reviews', `/api/tool/${crypto.randomUUID()}`, '/api/nope']) {
      const res = await t.app.inject({ url, headers: { origin } });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends the build precompressed to browsers that accept it, and plain to those that do not', async () => {
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("torque")');
    const page = await t.app.inject({ url: '/dashboard/myOrders', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    const plain = await t.app.inject('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("torque")');
  });

  it('keeps unsafe-inline out of the API docs page too', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('asks for HTTPS (HSTS) only when the store is served over https', async () => {
    expect((await prod.app.inject('/api/tools')).headers['strict-transport-security']).toMatch(
      /max-age=\d{7,}/,
    );
    expect((await t.app.inject('/api/tools')).headers['strict-transport-security']).toBeUndefined();
  });
});

const cookiesOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax and Secure in production over https', async () => {
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: SHOP },
      payload: { name: 'Prod Buyer', email: 'prodbuyer@example.com', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    const cookies = cookiesOf(res);
    expect(cookies.some((c) => c.startsWith('__Secure-better-auth.session_token='))).toBe(true);
    for (const cookie of cookies) {
      const attrs = attributes(cookie);
      expect(attrs, cookie).toContain('httponly');
      expect(attrs, cookie).toContain('secure');
      expect(attrs, cookie).toContain('samesite=lax');
      expect(attrs, cookie).toContain('path=/');
    }
  });

  it('is HttpOnly and SameSite=Lax outside production', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: ann.email, password: ann.password },
    });
    expect(res.statusCode).toBe(200);
    const session = cookiesOf(res).find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    expect(attributes(session!)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
  });
});

describe('CORS stays closed', () => {
  const noCors = (res: LightMyRequestResponse, what: string) => {
    for (const header of [
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'access-control-allow-methods',
      'access-control-allow-headers',
    ]) {
      expect(res.headers[header], `${what}: ${header}`).toBeUndefined();
    }
  };

  it('gives a cross-origin request no Access-Control-Allow-Origin', async () => {
    const calls = [
      { url: '/api/tools', headers: { origin: EVIL } },
      { url: '/api/reviews', headers: { origin: EVIL, cookie: ann.cookie } },
      { url: `/api/user/${ann.email}`, headers: { origin: EVIL, ...ann.bearer } },
      { url: '/api/auth/get-session', headers: { origin: EVIL, cookie: ann.cookie } },
      { url: '/', headers: { origin: EVIL } },
    ];
    for (const call of calls) noCors(await t.app.inject(call), `GET ${call.url}`);
  });

  it('grants no preflight', async () => {
    for (const url of [
      '/api/tools',
      '/api/purchase',
      `/api/user/${ann.email}`,
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
    ]) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: EVIL,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode, `OPTIONS ${url}`).toBeGreaterThanOrEqual(400);
      noCors(res, `OPTIONS ${url}`);
    }
  });
});

describe('error answers show no internals', () => {
  it('keeps stack traces, SQL and database messages out of 4xx and 5xx answers', async () => {
    const tool = await createTool(t.db, { minimumOrder: 1, availableQuantity: 1 });
    const json = { 'content-type': 'application/json' };
    // Where one answer is right, [status, code].
    const forced: [string, InjectOptions, [number, string]?][] = [
      ['unknown call', { url: '/api/nope' }],
      ['unknown method', { method: 'DELETE', url: '/api/tools' }],
      ['unknown tool', { url: `/api/tool/${crypto.randomUUID()}` }],
      ['malformed id', { url: "/api/tool/'%20OR%201=1--" }],
      [
        'invalid input',
        { method: 'POST', url: '/api/purchase', headers: ann.bearer, payload: { quantity: -1 } },
      ],
      [
        'malformed JSON',
        { method: 'POST', url: '/api/review', headers: { ...ann.bearer, ...json }, payload: '{"a":' },
        [400, 'invalid_json'],
      ],
      [
        'prototype poisoning',
        {
          method: 'POST',
          url: '/api/review',
          headers: { ...ann.bearer, ...json },
          payload: '{"__proto__":{}}',
        },
      ],
      [
        'body over 64 KB',
        {
          method: 'POST',
          url: '/api/review',
          headers: ann.bearer,
          payload: { opinions: 'x'.repeat(70_000) },
        },
      ],
      [
        'wrong media type',
        {
          method: 'POST',
          url: '/api/review',
          headers: { ...ann.bearer, 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      ],
      ['no token', { url: `/api/myOrders?email=${ann.email}` }],
      [
        'bad token',
        { url: `/api/myOrders?email=${ann.email}`, headers: { authorization: 'Bearer nope.nope' } },
      ],
      ['not yours', { url: `/api/myOrders?email=someone@example.com`, headers: ann.bearer }],
      ['not an admin', { url: '/api/allOrders', headers: ann.bearer }],
      [
        'out of stock',
        {
          method: 'POST',
          url: '/api/purchase',
          headers: ann.bearer,
          payload: { toolsId: tool.id, phone: '555 0100', address: '1 Road', quantity: 2 },
        },
      ],
      // PostgreSQL refuses NUL in text: whatever the store answers, it must not be the database's words.
      [
        'NUL byte in text',
        {
          method: 'POST',
          url: '/api/review',
          headers: ann.bearer,
          payload: { profession: 'a\u0000b', productName: 'Jigsaw', ratings: 3, opinions: 'ok' },
        },
      ],
      ['NUL byte in a path', { url: `/api/user/${ann.email}%00`, headers: ann.bearer }],
    ];
    const problems: string[] = [];
    for (const [what, call, only] of forced) {
      const res = await t.app.inject(call);
      if (res.statusCode < 400) problems.push(`${what}: answered ${res.statusCode}`);
      const code = (parseJson(res) as { error?: { code?: string } } | undefined)?.error?.code;
      if (only && (res.statusCode !== only[0] || code !== only[1]))
        problems.push(`${what}: answered ${res.statusCode} ${code}, expected ${only.join(' ')}`);
      if (!isErrorShape(parseJson(res)))
        problems.push(`${what}: not the error shape — ${res.body.slice(0, 120)}`);
      if (leaksIn(res.body).length) problems.push(`${what}: shows ${leaksIn(res.body).join(', ')}`);
      if (
        res.statusCode >= 500 &&
        (parseJson(res) as { error?: { code?: string } })?.error?.code !== 'internal'
      )
        problems.push(`${what}: a 5xx that is not the generic one — ${res.body.slice(0, 120)}`);
    }
    // Fastify's own URL errors (their shape is reported by the hostile corpus): no internals either.
    for (const url of [`/api/tool/${'a'.repeat(150)}`, '/api/tool/%E0%A4%A']) {
      const res = await t.app.inject(url);
      if (leaksIn(res.body).length)
        problems.push(`${url.slice(0, 30)}: shows ${leaksIn(res.body).join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers 503 in the error shape when the database is gone, and shows nothing of it', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(testConfig(), { database });
    try {
      const bob = await signUp(app, 'bob');
      await database.close();
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      expect(leaksIn(ready.body)).toEqual([]);
      const calls: InjectOptions[] = [
        { url: `/api/myOrders?email=${bob.email}`, headers: bob.bearer },
        { url: `/api/user/${bob.email}`, headers: bob.bearer },
        {
          method: 'POST',
          url: '/api/review',
          headers: bob.bearer,
          payload: { profession: 'a', productName: 'b', ratings: 3, opinions: 'c' },
        },
        {
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin },
          payload: { email: bob.email, password: bob.password },
        },
      ];
      for (const call of calls) {
        const res = await app.inject(call);
        const what = `${call.method ?? 'GET'} ${call.url}`;
        expect(res.statusCode, what).toBeGreaterThanOrEqual(500);
        expect(leaksIn(res.body), `${what}: ${res.body.slice(0, 200)}`).toEqual([]);
        if (!String(call.url).startsWith('/api/auth/')) expect(isErrorShape(parseJson(res)), what).toBe(true);
      }
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('better-auth refuses cookie-carrying POSTs from an untrusted Origin', () => {
  async function probe(app: TestApp['app']) {
    const account = await signUp(app, 'csrf');
    const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
      app.inject({ method: 'POST', url, headers, payload });
    const result = {
      signOutFromEvil: (await post('/api/auth/sign-out', { origin: EVIL, cookie: account.cookie }))
        .statusCode,
      signOutWithoutOrigin: (await post('/api/auth/sign-out', { cookie: account.cookie })).statusCode,
      enable2faFromEvil: (
        await post(
          '/api/auth/two-factor/enable',
          { origin: EVIL, cookie: account.cookie },
          { password: account.password },
        )
      ).statusCode,
      updateUserFromEvil: (
        await post('/api/auth/update-user', { origin: EVIL, cookie: account.cookie }, { name: 'Pwned' })
      ).statusCode,
      signInFromEvil: (
        await post(
          '/api/auth/sign-in/email',
          { origin: EVIL },
          { email: account.email, password: account.password },
        )
      ).statusCode,
      // The session outlived every refused attempt.
      stillSignedIn: (await app.inject({ url: `/api/user/${account.email}`, headers: account.bearer }))
        .statusCode,
    };
    const fromOwnOrigin = (await post('/api/auth/sign-out', { origin, cookie: account.cookie })).statusCode;
    return { ...result, fromOwnOrigin };
  }
  const refused = {
    signOutFromEvil: 403,
    signOutWithoutOrigin: 403,
    enable2faFromEvil: 403,
    updateUserFromEvil: 403,
    signInFromEvil: 403,
    stillSignedIn: 200,
    fromOwnOrigin: 200,
  };

  it('as deployed', async () => {
    expect(await probe(t.app)).toEqual(refused);
  });

  // better-auth turns these checks off by itself when NODE_ENV is "test" or TEST is set, which is how
  // the unit tests and the end-to-end server (playwright.config.ts: NODE_ENV test) run: the app must
  // turn them on explicitly, or no test of this project ever sees them.
  it('whatever NODE_ENV and TEST say', async () => {
    const tested = await storeApp({}, 'as the test runner sets it');
    try {
      expect(await probe(tested.app)).toEqual(refused);
    } finally {
      await tested.close();
    }
  });
});
