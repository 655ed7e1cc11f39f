import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { origin, signUp, type TestAccount, signUpAdmin } from '#tests/fixtures/accounts.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { buildApp } from '#server/app.ts';
import { session, user } from '#server/db/auth-schema.ts';
import { auditLog, profiles } from '#server/db/schema.ts';
import { CLI, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL, promote } from './accounts.service.ts';

const BOSS = 'boss@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [BOSS] });
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('sign-up', () => {
  it.each([
    ['7 characters', 'a'.repeat(7), 400, 'PASSWORD_TOO_SHORT'],
    ['129 characters', 'a'.repeat(129), 400, 'PASSWORD_TOO_LONG'],
  ])('refuses a password of %s', async (_what, password, status, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { name: 'Short Pass', email: 'shortpass@example.com', password },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it.each([8, 128])('accepts a password of %i characters', async (length) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { name: 'Pass Ok', email: `pass${length}@example.com`, password: 'b'.repeat(length) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('PUT /api/user/:email (the access token)', () => {
  it('answers 401 without a signed-in session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ann.email}`,
      payload: { email: ann.email },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  it("answers 403 for another account's email, in the path or the body", async () => {
    for (const [path, body] of [
      [bob.email, bob.email],
      [ann.email, bob.email],
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${path}`,
        headers: { cookie: ann.cookie, origin },
        payload: { email: body },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('answers the token of the session and creates the profile row', async () => {
    const [row] = await t.db
      .select()
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, ann.email));
    expect(row).toBeDefined();
    expect(ann.token).toMatch(/^[\w-]{20,}$/);
  });
});

describe('the access token', () => {
  it('opens protected calls for its owner', async () => {
    const res = await get(`/api/admin/${ann.email}`, ann.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: false });
  });

  it('takes the scheme’s name in any case (RFC 9110)', async () => {
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await get(`/api/admin/${ann.email}`, { authorization: `${scheme} ${ann.token}` });
      expect([scheme, res.statusCode]).toEqual([scheme, 200]);
    }
  });

  it.each([
    ['no token', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a forged token', { authorization: 'Bearer ZmFrZS10b2tlbi10aGF0LW5vLXNlc3Npb24taGFz' }],
    ['a signed-looking forgery', { authorization: 'Bearer abc.def' }],
    ['a basic auth header', { authorization: 'Basic YW5uOnB3' }],
  ])('answers 401 with %s', async (_what, headers) => {
    const res = await get(`/api/admin/${ann.email}`, headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('answers 401 for a tampered token', async () => {
    const last = ann.token.at(-1) === 'a' ? 'b' : 'a';
    const res = await get(`/api/admin/${ann.email}`, {
      authorization: `Bearer ${ann.token.slice(0, -1)}${last}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 403 when one customer's token asks about another", async () => {
    expect((await get(`/api/admin/${bob.email}`, ann.bearer)).statusCode).toBe(403);
    expect((await get(`/api/user/${bob.email}`, ann.bearer)).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/myProfile/${bob.email}`,
      headers: ann.bearer,
      payload: { address: 'Hijacked' },
    });
    expect(put.statusCode).toBe(403);
    expect((await get(`/api/user/${bob.email}`, bob.bearer)).json().address).toBeNull();
  });

  it('stops working when its session expires', async () => {
    const carl = await signUp(t.app, 'carl');
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, carl.token));
    // A change made in the database reaches the store's session cache through its NOTIFY.
    await expect.poll(async () => (await get(`/api/admin/${carl.email}`, carl.bearer)).statusCode).toBe(401);
  });

  it('extends a session used after a day to a week from then, and leaves a fresh one alone', async () => {
    const day = 24 * 3600_000;
    const week = 7 * day;
    const expiresOf = async (token: string) =>
      (await t.db.select().from(session).where(eq(session.token, token)))[0]!.expiresAt.getTime();
    const eve = await signUp(t.app, 'eve');
    const fresh = await expiresOf(eve.token);
    expect((await get(`/api/admin/${eve.email}`, eve.bearer)).statusCode).toBe(200);
    expect(await expiresOf(eve.token)).toBe(fresh);

    // Signed in two days ago: five days left, until it is used.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + week - 2 * day) })
      .where(eq(session.token, eve.token));
    const used = async () => {
      expect((await get(`/api/admin/${eve.email}`, eve.bearer)).statusCode).toBe(200);
      return expiresOf(eve.token);
    };
    await expect.poll(used).toBeGreaterThan(Date.now() + week - 60_000);
  });

  it('stops working when its owner signs out', async () => {
    const dora = await signUp(t.app, 'dora');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: dora.cookie, origin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await get(`/api/admin/${dora.email}`, dora.bearer)).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('makes an account in ADMIN_EMAILS an admin once its address is verified', async () => {
    const boss = await signUpAdmin(t.app, {
      name: 'The Boss',
      email: BOSS,
      password: 'correct horse battery',
    });
    expect((await get(`/api/admin/${BOSS}`, boss.bearer)).json()).toEqual({ admin: true });
    // An admin may ask about, and read, any account.
    expect((await get(`/api/admin/${ann.email}`, boss.bearer)).json()).toEqual({ admin: false });
    expect((await get(`/api/user/${ann.email}`, boss.bearer)).json().email).toBe(ann.email);
    expect((await get(`/api/admin/nobody@example.com`, boss.bearer)).statusCode).toBe(404);
  });

  it('reads the role from the database, so a promotion by the admin:promote script counts within moments', async () => {
    const eve = await signUp(t.app, 'eve');
    expect((await get(`/api/admin/${eve.email}`, eve.bearer)).json()).toEqual({ admin: false });
    expect(await promote(t.db, CLI, eve.email)).toBe(true);
    await expect
      .poll(async () => (await get(`/api/admin/${eve.email}`, eve.bearer)).json(), { timeout: 1_000 })
      .toEqual({ admin: true });
  });

  it('has the demo admin and customer of the first start', async () => {
    const rows = await t.db.select({ email: user.email, role: user.role }).from(user);
    expect(rows).toContainEqual({ email: DEMO_ADMIN_EMAIL, role: 'admin' });
    expect(rows).toContainEqual({ email: DEMO_CUSTOMER_EMAIL, role: 'user' });
  });
});

describe('profile', () => {
  it('shows the account and its saved profile', async () => {
    const res = await get(`/api/user/${ann.email}`, ann.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      displayName: 'Test ann',
      email: ann.email,
      photoURL: null,
      role: 'user',
      twoFactorEnabled: false,
      education: null,
      profession: null,
      linkedIn: null,
      address: null,
    });
  });

  it('updates the fields given, keeps the others, and clears an emptied one', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/myProfile/${ann.email}`, headers: ann.bearer, payload });
    expect(
      (await put({ education: 'BSc Mechanical Engineering', profession: 'Site manager' })).statusCode,
    ).toBe(200);
    const res = await put({ linkedIn: 'https://www.linkedin.com/in/ann', address: '12 Forge Lane, Leeds' });
    expect(res.json()).toMatchObject({
      education: 'BSc Mechanical Engineering',
      profession: 'Site manager',
      linkedIn: 'https://www.linkedin.com/in/ann',
      address: '12 Forge Lane, Leeds',
    });
    expect((await put({ profession: '' })).json().profession).toBeNull();
    expect((await put({})).statusCode).toBe(200);
  });

  it.each([
    ['a javascript: link', { linkedIn: 'javascript:alert(1)' }, 'linkedIn'],
    ['a link with no scheme', { linkedIn: 'linkedin.com/in/x' }, 'linkedIn'],
    ['an address too long', { address: 'x'.repeat(301) }, 'address'],
    ['a number for text', { education: 42 }, 'education'],
    ['an extra field', { role: 'admin' }, 'input'],
  ])('refuses %s with 400 and changes nothing', async (_what, payload, field) => {
    const before = (await get(`/api/user/${ann.email}`, ann.bearer)).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/myProfile/${ann.email}`,
      headers: ann.bearer,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(Object.keys(res.json().error.fields)).toContain(
      field === 'input' ? Object.keys(res.json().error.fields)[0] : field,
    );
    expect((await get(`/api/user/${ann.email}`, ann.bearer)).json()).toEqual(before);
  });
});

describe('demo accounts', () => {
  it('are created on a first start with no accounts, but never in production', async () => {
    const fresh = await createTestApp();
    try {
      // The demo admin's promotion is in the audit log, which names the account it was made for.
      await fresh.db.delete(auditLog);
      await fresh.db.delete(user);
      const prod = await buildApp(testConfig({ env: 'production', authSecret: 'x'.repeat(40) }), {
        database: fresh.database,
      });
      await prod.close();
      expect(await fresh.db.select({ email: user.email }).from(user)).toEqual([]);

      const dev = await buildApp(testConfig({ env: 'development' }), { database: fresh.database });
      await dev.close();
      const rows = await fresh.db
        .select({ email: user.email, role: user.role })
        .from(user)
        .orderBy(user.email);
      expect(rows).toEqual([
        { email: DEMO_ADMIN_EMAIL, role: 'admin' },
        { email: DEMO_CUSTOMER_EMAIL, role: 'user' },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
