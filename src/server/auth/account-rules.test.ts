import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailVerificationToken } from 'better-auth/api';
import { newEmail, origin, signIn, signUp } from '#tests/fixtures/accounts.ts';
import { pathOf, sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { buildApp } from '#server/app.ts';
import { account, user } from '#server/db/auth-schema.ts';
import { auditLog } from '#server/db/schema.ts';
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from '#server/features/accounts/accounts.service.ts';
import { providerDisplayName } from './account-rules.ts';

const BOSS = 'boss-to-be@example.com';
const dataDir = mkdtempSync(join(tmpdir(), 'torque-rules-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ dataDir, adminEmails: [BOSS] });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin, ...headers } });

const mailTo = (email: string, subject: RegExp) => sentMailsTo(t.db, dataDir, email, subject);

const isAdmin = async (email: string) =>
  (await t.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role === 'admin';

describe('ADMIN_EMAILS applies to a verified address only', () => {
  it('makes no admin at sign-up; the verification link from the mail does, and the audit log says so', async () => {
    const signedUp = await post('/api/auth/sign-up/email', {
      name: 'Would Be Boss',
      email: BOSS,
      password: 'correct horse battery',
    });
    expect(signedUp.statusCode).toBe(200);
    expect(await isAdmin(BOSS)).toBe(false);
    // A restart with ADMIN_EMAILS does not promote the unverified account either.
    const again = await buildApp(testConfig({ dataDir, adminEmails: [BOSS] }), { database: t.database });
    await again.close();
    expect(await isAdmin(BOSS)).toBe(false);

    const mail = await mailTo(BOSS, /Subject: Confirm your Torque email address/);
    expect(mail.links).toHaveLength(1);
    const verified = await t.app.inject({ url: pathOf(mail.links[0]!) });
    expect(verified.statusCode).toBe(302);
    // Signed in by the link (autoSignInAfterVerification).
    expect(String(verified.headers['set-cookie'])).toContain('better-auth.session_token=');
    expect(await isAdmin(BOSS)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.promote'), eq(auditLog.target, BOSS)));
    expect(audit).toHaveLength(1);
    // The store promoted them, not they themselves: the entry names no account.
    expect(audit[0]).toMatchObject({ actorEmail: 'ADMIN_EMAILS', actorId: null });
  });

  it('makes an admin at once of a listed address its provider vouched for (Google)', async () => {
    const email = newEmail('google-boss');
    const app = await buildApp(testConfig({ dataDir, adminEmails: [email] }), { database: t.database });
    try {
      // What Google's callback does for a new account whose email Google calls verified.
      const { internalAdapter } = await app.auth.$context;
      await internalAdapter.createOAuthUser(
        { email, name: 'Google Boss', emailVerified: true },
        { providerId: 'google', accountId: `g-${email}` },
      );
      expect(await isAdmin(email)).toBe(true);
      // One the provider did not vouch for waits for the link, as a sign-up does.
      const unvouched = newEmail('google-unverified');
      const again = await buildApp(testConfig({ dataDir, adminEmails: [unvouched] }), {
        database: t.database,
      });
      await (
        await again.auth.$context
      ).internalAdapter.createOAuthUser(
        { email: unvouched, name: 'Not Vouched', emailVerified: false },
        { providerId: 'google', accountId: `g-${unvouched}` },
      );
      await again.close();
      expect(await isAdmin(unvouched)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('promotes at start an account verified before its address was listed', async () => {
    const later = await signUp(t.app, 'later');
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, later.email));
    const unverified = await signUp(t.app, 'unverified');
    const restarted = await buildApp(testConfig({ dataDir, adminEmails: [later.email, unverified.email] }), {
      database: t.database,
    });
    await restarted.close();
    expect(await isAdmin(later.email)).toBe(true);
    expect(await isAdmin(unverified.email)).toBe(false);
  });
});

describe('demo accounts on a production store', () => {
  it('refuses their sign-in with the answer of a wrong password, and ends their sessions', async () => {
    // The test app's first start (not production) created them; they get passwords we know, as
    // the log of a development start would have shown.
    const ctx = await t.app.auth.$context;
    const password = 'the demo password in the log';
    const hash = await ctx.password.hash(password);
    for (const email of [DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL]) {
      const [demo] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      expect(demo, email).toBeDefined();
      await t.db
        .update(account)
        .set({ password: hash })
        .where(and(eq(account.userId, demo!.id), eq(account.providerId, 'credential')));
    }
    const devSignIn = await post('/api/auth/sign-in/email', { email: DEMO_ADMIN_EMAIL, password });
    expect(devSignIn.statusCode).toBe(200);
    const devToken = devSignIn.json().token as string;
    expect(
      (
        await t.app.inject({
          url: `/api/admin/${DEMO_ADMIN_EMAIL}`,
          headers: { authorization: `Bearer ${devToken}` },
        })
      ).statusCode,
    ).toBe(200);

    // The same data under NODE_ENV=production.
    const prod = await buildApp(
      testConfig({ env: 'production', dataDir, authSecret: t.app.config.authSecret }),
      { database: t.database },
    );
    try {
      const signIn = (email: string, pw: string) =>
        prod.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin },
          payload: { email, password: pw },
        });
      const wrong = await signIn(DEMO_CUSTOMER_EMAIL, 'not the password');
      expect(wrong.statusCode).toBe(401);
      for (const email of [DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL, DEMO_ADMIN_EMAIL.toUpperCase()]) {
        const res = await signIn(email, password);
        expect(res.statusCode, email).toBe(401);
        expect(res.json()).toEqual(wrong.json());
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      // The session the development store gave is over too.
      const stale = await prod.inject({
        url: `/api/admin/${DEMO_ADMIN_EMAIL}`,
        headers: { authorization: `Bearer ${devToken}` },
      });
      expect(stale.statusCode).toBe(401);
    } finally {
      await prod.close();
    }
  });
});

describe('a live store on a new database', () => {
  it("refuses a stranger's sign-up as a demo account, with the answer an address already taken gets", async () => {
    const live = await createTestApp({ env: 'production', authSecret: 'q7Z!x2Lp9@Vb4#Nm8$Kc3%Rt6^Wy1&Hd' });
    try {
      // The test database's template holds the demo accounts: a live store's database never has.
      await live.db.delete(user).where(inArray(user.email, [DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL]));
      const signUpAs = (email: string) =>
        live.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin },
          payload: { name: 'Demo', email, password: 'demo-password-123' },
        });
      for (const email of [DEMO_ADMIN_EMAIL, ` ${DEMO_CUSTOMER_EMAIL.toUpperCase()}`]) {
        const res = await signUpAs(email);
        expect(res.statusCode, email).toBe(422);
        expect(res.json().code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(
        await live.db
          .select()
          .from(user)
          .where(inArray(user.email, [DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL])),
      ).toEqual([]);
      expect((await signUpAs(newEmail('owner'))).statusCode).toBe(200);
    } finally {
      await live.close();
    }
  });
});

describe('the signing secret of a store started without AUTH_SECRET', () => {
  it('is its own: a confirmation link signed with any other, such as the one its source once held, is refused', async () => {
    const mia = await signUp(t.app, 'mia');
    for (const secret of ['torque-development-secret-never-use-in-production', 'x'.repeat(40)]) {
      const forged = await createEmailVerificationToken(secret, mia.email);
      const res = await t.app.inject({ url: `/api/auth/verify-email?token=${forged}` });
      expect(res.headers['set-cookie'], secret).toBeUndefined();
    }
    const [row] = await t.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, mia.email));
    expect(row!.verified).toBe(false);
    // Every instance on the database signs with the same secret: a second one accepts the first's link.
    const second = await buildApp(testConfig({ dataDir }), { database: t.database });
    try {
      expect(second.config.authSecret).toBe(t.app.config.authSecret);
      expect(t.app.config.authSecret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    } finally {
      await second.close();
    }
  });
});

describe('a changed password', () => {
  it('ends every other session of the account, and its bearer token, at once', async () => {
    const kim = await signUp(t.app, 'kim');
    const phone = await signIn(t.app, kim);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: kim.password, newPassword: 'a changed password' },
      { cookie: kim.cookie },
    );
    expect(changed.statusCode).toBe(200);
    const stale = await t.app.inject({ url: `/api/user/${kim.email}`, headers: phone.bearer });
    expect(stale.statusCode).toBe(401);
    // The one that changed it goes on, with the new session the answer sets.
    const again = await signIn(t.app, { ...kim, password: 'a changed password' });
    expect((await t.app.inject({ url: `/api/user/${kim.email}`, headers: again.bearer })).statusCode).toBe(
      200,
    );
  });
});

describe('password reset links', () => {
  async function askReset(email: string) {
    expect(
      (await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode,
    ).toBe(200);
  }
  /** The token of a mailed link, as better-auth's landing hands it to the reset page. */
  async function tokenOf(link: string) {
    const landing = await t.app.inject({ url: pathOf(link) });
    return new URL(String(landing.headers.location), 'http://x').searchParams.get('token');
  }

  it('ends every older link once a newer one is used', async () => {
    const ivy = await signUp(t.app, 'ivy');
    await askReset(ivy.email);
    await askReset(ivy.email);
    const { links } = await mailTo(ivy.email, /Subject: Reset your Torque password/);
    expect(links).toHaveLength(2);
    const [first, second] = [await tokenOf(links[0]!), await tokenOf(links[1]!)];
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    const used = await post('/api/auth/reset-password', {
      newPassword: 'the second password',
      token: second,
    });
    expect(used.statusCode).toBe(200);
    const old = await post('/api/auth/reset-password', { newPassword: 'the first password!', token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('INVALID_TOKEN');
    // The landing of the old link says so as well.
    const landing = await t.app.inject({ url: pathOf(links[0]!) });
    expect(String(landing.headers.location)).toContain('error=INVALID_TOKEN');
  });

  it('ends every link once the password is changed while signed in', async () => {
    const jay = await signUp(t.app, 'jay');
    await askReset(jay.email);
    const [link] = (await mailTo(jay.email, /Subject: Reset your Torque password/)).links;
    const token = await tokenOf(link!);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'correct horse battery', newPassword: 'a changed password' },
      { cookie: jay.cookie },
    );
    expect(changed.statusCode).toBe(200);
    const old = await post('/api/auth/reset-password', { newPassword: 'taken over account', token });
    expect(old.statusCode).toBe(400);
  });
});

describe('what a customer shows the public: name and picture', () => {
  const signUpWith = (extra: Record<string, unknown>) =>
    post('/api/auth/sign-up/email', {
      name: 'Plain Name',
      email: newEmail('face'),
      password: 'correct horse battery',
      ...extra,
    });

  it('refuses at sign-up a name with markup or control characters, or over 100 characters', async () => {
    for (const name of ['<img src=x onerror=alert(1)>', 'Bell\u0007', 'Line\nBreak', 'n'.repeat(101), '']) {
      const res = await signUpWith({ name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_input', fields: { name: expect.any(String) } });
    }
    const ok = await signUpWith({ name: 'Zoë O’Brien-Łukasz 🔨' });
    expect(ok.statusCode).toBe(200);
  });

  it('stores the name as checked, without the spaces and line breaks around it', async () => {
    const email = newEmail('picard');
    const signedUp = await signUpWith({ name: '  Jean-Luc Picard  ', email });
    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json().user.name).toBe('Jean-Luc Picard');
    const nameOf = async (address: string) =>
      (await t.db.select({ name: user.name }).from(user).where(eq(user.email, address)))[0]?.name;
    expect(await nameOf(email)).toBe('Jean-Luc Picard');

    const kim = await signUp(t.app, 'trimmed');
    const update = (name: string) => post('/api/auth/update-user', { name }, { cookie: kim.cookie });
    for (const [sent, stored] of [
      ['\n\n\nBob', 'Bob'],
      [`${' '.repeat(60_000)}A${'\n\t'.repeat(100)}`, 'A'],
    ] as const) {
      expect((await update(sent)).statusCode, stored).toBe(200);
      expect(await nameOf(kim.email)).toBe(stored);
    }
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: kim.cookie } });
    expect(session.json().user.name).toBe('A');
  });

  it('refuses at sign-up a picture that is not an https address', async () => {
    for (const image of [
      'http://tracker.example/pixel.gif',
      'javascript:alert(1)',
      'data:image/gif;base64,R0lG',
    ]) {
      const res = await signUpWith({ image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().error.fields.image).toMatch(/https/);
    }
  });

  it('refuses the same through update-user, and keeps the account as it was', async () => {
    const kim = await signUp(t.app, 'kim');
    const update = (body: object) => post('/api/auth/update-user', body, { cookie: kim.cookie });
    for (const body of [
      { image: 'http://tracker.example/pixel.gif' },
      { image: `https://cdn.example/${'a'.repeat(500)}.png` },
      { image: 'not a url' },
      { name: '<b>Kim</b>' },
      { name: 'k'.repeat(101) },
      { name: 'Tab\there' },
    ]) {
      const res = await update(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    const [row] = await t.db.select().from(user).where(eq(user.email, kim.email));
    expect(row).toMatchObject({ name: 'Test kim', image: null });

    const ok = await update({ name: 'Kim Park', image: 'https://cdn.example/kim.png' });
    expect(ok.statusCode).toBe(200);
    const cleared = await update({ image: '' });
    expect(cleared.statusCode).toBe(200);
    const [after] = await t.db.select().from(user).where(eq(user.email, kim.email));
    expect(after).toMatchObject({ name: 'Kim Park', image: '' });
  });
});

describe('the name of an account Google creates', () => {
  const email = 'grace.hopper@example.com';

  it("is Google's name when a sign-up could have it, trimmed as a sign-up's is", () => {
    expect(providerDisplayName('  Grace Hopper ', email)).toBe('Grace Hopper');
    expect(providerDisplayName('Zoë O’Brien-Łukasz 🔨', email)).toBe('Zoë O’Brien-Łukasz 🔨');
  });

  it('is cleaned of markup and control characters, and cut to 100 characters', () => {
    expect(providerDisplayName(`<b>${'x'.repeat(300)}</b>`, email)).toBe(`b ${'x'.repeat(98)}`);
    expect(providerDisplayName('Grace\u0007\nHopper', email)).toBe('Grace Hopper');
    // An emoji counts as one character, as at sign-up, and is never cut in half.
    expect(providerDisplayName('x🔨'.repeat(60), email)).toBe('x🔨'.repeat(50));
  });

  it("is the address's local part when nothing usable is left of Google's", () => {
    for (const name of ['', '   ', '<>', '\u0000', undefined, null]) {
      expect(providerDisplayName(name, email), String(name)).toBe('grace.hopper');
    }
    expect(providerDisplayName('', '<b>ada</b>@example.com')).toBe('b ada /b');
    expect(providerDisplayName('', '...@example.com')).toBe('Customer');
  });
});
