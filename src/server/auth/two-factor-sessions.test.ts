import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signIn, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { EMAIL_CONFIRMED_PATH } from '#shared/email-confirmation.ts';
import { buildApp } from '#server/app.ts';
import { session, user } from '#server/db/auth-schema.ts';

// OWASP ASVS 7.4.3: a second factor turned on or off ends every other session of the account.
let t: Awaited<ReturnType<typeof createTestApp>>;
// A second instance on the same database, whose cache of sessions hears of the change by NOTIFY.
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(testConfig(), { database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin, ...headers } });

/** The session cookie an answer sets, as the browser keeps it from then on. */
function newSessionCookie(res: LightMyRequestResponse): string {
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0] ?? '')
    .find((c) => /^better-auth\.session_token=./.test(c));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}

/** What a signed-in call through `app` answers with these headers (a bearer token or a cookie). */
async function profileStatus(app: FastifyInstance, email: string, headers: Record<string, string>) {
  if ('authorization' in headers)
    return (await app.inject({ url: `/api/user/${email}`, headers })).statusCode;
  // A cookie is exchanged for the access token, as the web does.
  const exchanged = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { origin, ...headers },
    payload: { email },
  });
  if (exchanged.statusCode !== 200) return exchanged.statusCode;
  const token = exchanged.json().token as string;
  return (await app.inject({ url: `/api/user/${email}`, headers: { authorization: `Bearer ${token}` } }))
    .statusCode;
}

/** Turns two-factor on from `cookie`'s browser, as My Profile does; the cookie that browser keeps. */
async function enableTwoFactor(account: TestAccount, cookie: string) {
  const enable = await post('/api/auth/two-factor/enable', { password: account.password }, { cookie });
  expect(enable.statusCode).toBe(200);
  const secret = OTPAuth.URI.parse(enable.json().totpURI).secret;
  const code = new OTPAuth.TOTP({ secret }).generate();
  const verify = await post('/api/auth/two-factor/verify-totp', { code }, { cookie });
  expect(verify.statusCode).toBe(200);
  return { secret, cookie: newSessionCookie(verify) };
}

/** Signs in with the password and the code, as the login page does, and takes the access token. */
async function signInWithCode(account: TestAccount, secret: OTPAuth.Secret) {
  const first = await post(
    '/api/auth/sign-in/email',
    { email: account.email, password: account.password },
    {},
  );
  expect(first.json().twoFactorRedirect).toBe(true);
  const pending = [first.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0] ?? '')
    .join('; ');
  const code = new OTPAuth.TOTP({ secret }).generate();
  const right = await post('/api/auth/two-factor/verify-totp', { code }, { cookie: pending });
  expect(right.statusCode).toBe(200);
  const cookie = newSessionCookie(right);
  const exchanged = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${account.email}`,
    headers: { origin, cookie },
    payload: { email: account.email },
  });
  return { cookie, bearer: { authorization: `Bearer ${exchanged.json().token as string}` } };
}

describe('turning two-factor on or off', () => {
  it('on: ends every other session and its bearer token, on every instance; the browser that did it stays', async () => {
    const ann = await signUp(t.app, 'ann');
    const phone = await signIn(t.app, ann);
    // The other instance has the phone's session in its cache.
    expect(await profileStatus(other, ann.email, phone.bearer)).toBe(200);

    const laptop = await enableTwoFactor(ann, ann.cookie);

    expect(await profileStatus(t.app, ann.email, phone.bearer)).toBe(401);
    expect(await profileStatus(t.app, ann.email, { cookie: phone.cookie })).toBe(401);
    await vi.waitFor(async () => expect(await profileStatus(other, ann.email, phone.bearer)).toBe(401));
    // Nor can the phone turn it off again with the password.
    const undo = await post('/api/auth/two-factor/disable', { password: ann.password }, phone.bearer);
    expect(undo.statusCode).toBe(401);
    expect(await profileStatus(t.app, ann.email, { cookie: laptop.cookie })).toBe(200);
  });

  it('off: ends every other session and its bearer token; the browser that did it stays', async () => {
    const bea = await signUp(t.app, 'bea');
    const { secret, cookie } = await enableTwoFactor(bea, bea.cookie);
    // Signing in with the code is no change of factor: the first browser stays signed in.
    const phone = await signInWithCode(bea, secret);
    expect(await profileStatus(t.app, bea.email, { cookie })).toBe(200);
    expect(await profileStatus(other, bea.email, phone.bearer)).toBe(200);

    const off = await post('/api/auth/two-factor/disable', { password: bea.password }, { cookie });
    expect(off.statusCode).toBe(200);

    expect(await profileStatus(t.app, bea.email, phone.bearer)).toBe(401);
    expect(await profileStatus(t.app, bea.email, { cookie: phone.cookie })).toBe(401);
    await vi.waitFor(async () => expect(await profileStatus(other, bea.email, phone.bearer)).toBe(401));
    expect(await profileStatus(t.app, bea.email, { cookie: newSessionCookie(off) })).toBe(200);
  });
});

describe('the link of the verification mail', () => {
  /** Opens the mailed link for `email`, from a browser holding `cookie` (none: another browser). */
  async function openLink(email: string, cookie?: string) {
    const token = await createEmailVerificationToken(t.app.config.authSecret, email);
    const callbackURL = encodeURIComponent(EMAIL_CONFIRMED_PATH);
    const res = await t.app.inject({
      url: `/api/auth/verify-email?token=${token}&callbackURL=${callbackURL}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(EMAIL_CONFIRMED_PATH);
    // The cookies the browser keeps afterwards: each one set replaces the last, an expired one goes.
    const jar = new Map((cookie ? [cookie] : []).map((c) => [c.split('=')[0]!, c] as const));
    for (const set of [res.headers['set-cookie']].flat().filter(Boolean).map(String)) {
      const pair = set.split(';')[0]!;
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (!value || /max-age=0/i.test(set)) jar.delete(name);
      else jar.set(name, pair);
    }
    return [...jar.values()].join('; ');
  }
  const signedInAs = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json()?.user?.email ?? null;
  const sessionsOf = async (email: string) =>
    (
      await t.db
        .select({ id: session.id })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(user.email, email))
    ).length;

  it('confirms the address of a two-factor account without signing it in: the code is still asked for', async () => {
    const cy = await signUp(t.app, 'cy');
    await enableTwoFactor(cy, cy.cookie);
    const sessions = await sessionsOf(cy.email);

    const kept = await openLink(cy.email);

    expect(await signedInAs(kept)).toBeNull();
    expect(await sessionsOf(cy.email)).toBe(sessions);
    const [row] = await t.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, cy.email));
    expect(row?.emailVerified).toBe(true);
    // Signing in asks for the code, as before.
    const first = await post('/api/auth/sign-in/email', { email: cy.email, password: cy.password }, {});
    expect(first.json().twoFactorRedirect).toBe(true);
  });

  it('keeps the session of the browser already signed in to that account', async () => {
    const dee = await signUp(t.app, 'dee');
    const { cookie } = await enableTwoFactor(dee, dee.cookie);
    expect(await signedInAs(await openLink(dee.email, cookie))).toBe(dee.email);
  });
});
