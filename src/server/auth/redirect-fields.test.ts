import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, origin, signUp } from '#tests/fixtures/accounts.ts';
import { sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

// A stand-in Google that answers only its discovery document: enough for sign-in/social to send
// the browser on to it.
const google = createServer((req, res) => {
  const issuer = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
    }),
  );
});

const dataDir = mkdtempSync(join(tmpdir(), 'torque-redirects-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let issuer: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  t = await createTestApp({
    dataDir,
    google: { clientId: 'torque-test', clientSecret: 'not-a-secret', issuer },
  });
});
afterAll(async () => {
  await t.close();
  google.close();
});

const get = (url: string) => t.app.inject({ url });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin } });

/** What the store answers: its status, and the field and words of an invalid_input refusal. */
function answer(res: Awaited<ReturnType<typeof get>>) {
  const body = res.headers['content-type']?.includes('json') ? res.json() : {};
  return { status: res.statusCode, code: body.error?.code, fields: body.error?.fields };
}

const refused = (field: string) => ({
  status: 400,
  code: 'invalid_input',
  fields: { [field]: `${field} must be a path on this store, such as /dashboard.` },
});

// Another site, however spelled: `/.//host` passed better-auth's own check and came back as `//host`.
const FOREIGN = ['/.//evil.example/login', '//evil.example', 'https://evil.example', '/\\evil.example'];

describe('where better-auth sends the browser next', () => {
  it.each(FOREIGN)('is never another site: %s is refused in the query and in the body', async (foreign) => {
    const q = encodeURIComponent(foreign);
    const email = newEmail('redirect');
    const cases: [string, Promise<Awaited<ReturnType<typeof get>>>][] = [
      ['callbackURL', get(`/api/auth/verify-email?token=x&callbackURL=${q}`)],
      ['callbackURL', get(`/api/auth/reset-password/x?callbackURL=${q}`)],
      ['callbackURL', post('/api/auth/sign-in/social', { provider: 'google', callbackURL: foreign })],
      [
        'errorCallbackURL',
        post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/', errorCallbackURL: foreign }),
      ],
      [
        'newUserCallbackURL',
        post('/api/auth/sign-in/social', {
          provider: 'google',
          callbackURL: '/',
          newUserCallbackURL: foreign,
        }),
      ],
      [
        'errorCallbackURL',
        post(`/api/auth/sign-in/social?errorCallbackURL=${q}`, { provider: 'google', callbackURL: '/' }),
      ],
      ['redirectTo', post('/api/auth/request-password-reset', { email, redirectTo: foreign })],
      ['redirectTo', post(`/api/auth/request-password-reset?redirectTo=${q}`, { email })],
      ['callbackURL', post('/api/auth/send-verification-email', { email, callbackURL: foreign })],
      ['callbackURL', post(`/api/auth/send-verification-email?callbackURL=${q}`, { email })],
    ];
    for (const [field, res] of cases) expect(answer(await res), foreign).toEqual(refused(field));
  });

  it("lets the store's own paths through, as the web app and the mailed links send them", async () => {
    // A confirmation link better-auth refuses still lands on the store's page that says so.
    const bad = await get(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/?email=confirmed')}`,
    );
    expect(bad.statusCode).toBe(302);
    const landing = new URL(String(bad.headers.location), 'http://localhost:3000');
    expect([landing.origin, landing.pathname, landing.searchParams.get('email')]).toEqual([
      'http://localhost:3000',
      '/',
      'confirmed',
    ]);
    expect(landing.searchParams.get('error')).toBe('INVALID_TOKEN');

    const social = await post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/dashboard?tab=orders',
      errorCallbackURL: '/login',
    });
    expect(social.statusCode).toBe(200);
    expect(String(social.json().url)).toMatch(new RegExp(`^${issuer}/authorize\\?`));

    const ann = await signUp(t.app, 'ann');
    const reset = await post('/api/auth/request-password-reset', {
      email: ann.email,
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);

    // The confirmation link the app asks for again is mailed, and takes the browser home confirmed.
    const again = await post('/api/auth/send-verification-email', {
      email: ann.email,
      callbackURL: '/?email=confirmed',
    });
    expect(again.statusCode).toBe(200);
    const { links } = await sentMailsTo(t.db, dataDir, ann.email, /verify-email/);
    // The one mailed at sign-up and the one asked for now.
    expect(links).toHaveLength(2);
    for (const link of links) {
      const follow = await get(new URL(link).pathname + new URL(link).search);
      expect(follow.statusCode, link).toBe(302);
      expect(follow.headers.location, link).toBe('/?email=confirmed');
    }
  });
});
