import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signIn } from '#tests/fixtures/accounts.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { session, user } from '#server/db/auth-schema.ts';

// The real local OpenID provider of the browser journeys stands in for Google; its accounts are
// Grace (google-user-1) and Ada (google-user-2). Each test file has its own database.
const grace = { sub: 'google-user-1', email: 'grace@example.com', password: 'correct horse battery' };
const ada = { sub: 'google-user-2', email: 'ada@example.com' };
const client = { id: 'torque-e2e', secret: 'torque-e2e-secret-not-for-production' };

let provider: ChildProcess;
let issuer: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
const storeUrl = testConfig().publicUrl;
const redirectUri = `${storeUrl}/api/auth/callback/google`;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  issuer = `http://localhost:${port}`;
  provider = spawn(process.execPath, ['tests/fixtures/oidc-provider.ts'], {
    env: { ...process.env, OIDC_PORT: String(port), STORE_URL: storeUrl },
    stdio: 'ignore',
  });
  await vi.waitFor(
    async () => expect((await fetch(`${issuer}/.well-known/openid-configuration`)).ok).toBe(true),
    { timeout: 15_000, interval: 100 },
  );
  t = await createTestApp({ google: { clientId: client.id, clientSecret: client.secret, issuer } });
}, 30_000);
afterAll(async () => {
  await t?.close();
  provider?.kill();
});

/** The cookies a response sets, as `name=value` pairs a browser would send back (expired ones gone). */
function cookiesOf(setCookie: string[]): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of setCookie) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0\b/i.test(line) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return jar;
}
const setCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
const header = (jar: Map<string, string>) => [...jar.values()].join('; ');

/** At the provider: chooses the account `sub` and answers where the provider sends the browser back. */
async function chooseAccount(authorizeUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizeUrl);
  let method = 'GET';
  while (!url.href.startsWith(redirectUri)) {
    const res = await fetch(url, { method, redirect: 'manual', headers: { cookie: header(jar) } });
    for (const [name, pair] of cookiesOf(res.headers.getSetCookie())) jar.set(name, pair);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      method = 'GET';
    } else {
      // The provider's page listing its accounts: continue as `sub`.
      expect(res.status, await res.clone().text()).toBe(200);
      url = new URL(`${url.pathname}/login?account=${sub}`, url);
      method = 'POST';
    }
  }
  return url;
}

/**
 * "Continue with Google" from /login, as the web starts it (back to `callbackURL`, the page the
 * login was asked from), up to the store's callback's answer.
 */
async function googleSignIn(sub: string, callbackURL = '/') {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin },
    payload: { provider: 'google', callbackURL, errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  const back = await chooseAccount(start.json().url as string, sub);
  const callback = await t.app.inject({
    url: `/api/auth/callback/google${back.search}`,
    headers: { cookie: header(cookiesOf(setCookies(start))) },
  });
  return { callback, cookies: cookiesOf(setCookies(callback)) };
}

/** Who a session cookie signs in, as the web asks: better-auth's get-session, then the access token. */
async function signedInAs(cookie: string) {
  const got = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
  const email = (got.json() as { user?: { email: string } } | null)?.user?.email ?? null;
  const exchanged = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${email ?? grace.email}`,
    headers: { origin, cookie },
    payload: { email: email ?? grace.email },
  });
  return { email, tokenStatus: exchanged.statusCode };
}

describe('Google sign-in of an account with two-factor on', () => {
  let secret: OTPAuth.Secret;
  beforeAll(async () => {
    // A password account with a verified address (so Google's sign-in links to it), 2FA on.
    const account = await signIn(t.app, { name: 'Grace', ...grace }, 'sign-up');
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, grace.email));
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin, cookie: account.cookie } });
    const enable = await post('/api/auth/two-factor/enable', { password: grace.password });
    secret = OTPAuth.URI.parse(enable.json().totpURI as string).secret;
    const on = await post('/api/auth/two-factor/verify-totp', {
      code: new OTPAuth.TOTP({ secret }).generate(),
    });
    expect(on.statusCode).toBe(200);
  });

  it('gives no working session and sends the browser to the code step; the code then signs in', async () => {
    const sessionIds = async () =>
      (await t.db.select({ id: session.id }).from(session)).map((row) => row.id).sort();
    const before = await sessionIds();
    const { callback, cookies } = await googleSignIn(grace.sub);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?step=two-factor');
    // The browser keeps no session cookie, its cookies sign no one in nor give an access token,
    // and the session the callback made is gone.
    expect(cookies.has('better-auth.session_token')).toBe(false);
    expect(await signedInAs(header(cookies))).toEqual({ email: null, tokenStatus: 401 });
    expect(await sessionIds()).toEqual(before);

    const pending = header(cookies);
    const post = (url: string, code: string) =>
      t.app.inject({ method: 'POST', url, payload: { code }, headers: { origin, cookie: pending } });
    const wrong = await post('/api/auth/two-factor/verify-totp', '000000');
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/auth/two-factor/verify-totp', new OTPAuth.TOTP({ secret }).generate());
    expect(right.statusCode).toBe(200);
    const signedIn = cookiesOf(setCookies(right)).get('better-auth.session_token');
    expect(await signedInAs(signedIn!)).toEqual({ email: grace.email, tokenStatus: 200 });
  });

  it('sends the code step on to the page the sign-in started from', async () => {
    const { callback } = await googleSignIn(grace.sub, '/purchase/tool-1?qty=2');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(
      `/login?step=two-factor&redirect=${encodeURIComponent('/purchase/tool-1?qty=2')}`,
    );
  });

  it('an ID token posted to sign-in/social gets no session either, only the code step', async () => {
    // What a client holding Google's ID token for the store could post instead of the redirect.
    const nonce = 'a-nonce-of-the-client';
    const authorize = new URL(`${issuer}/auth`);
    for (const [key, value] of Object.entries({
      client_id: client.id,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state: 'any',
      nonce,
    }))
      authorize.searchParams.set(key, value);
    const back = await chooseAccount(authorize.href, grace.sub);
    const tokens = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${client.id}:${client.secret}`)}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: redirectUri,
      }),
    });
    const { id_token: idToken } = (await tokens.json()) as { id_token: string };

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin },
      payload: { provider: 'google', idToken: { token: idToken, nonce } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const cookies = cookiesOf(setCookies(res));
    expect(cookies.has('better-auth.session_token')).toBe(false);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: new OTPAuth.TOTP({ secret }).generate() },
      headers: { origin, cookie: header(cookies) },
    });
    expect(code.statusCode).toBe(200);
  });
});

describe('Google sign-in of an account without two-factor', () => {
  it('signs in at once, as before', async () => {
    const { callback, cookies } = await googleSignIn(ada.sub);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const cookie = cookies.get('better-auth.session_token');
    expect(await signedInAs(cookie!)).toEqual({ email: ada.email, tokenStatus: 200 });
  });
});
