import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, origin, signIn, type TestAccount } from '#tests/fixtures/accounts.ts';
import { pathOf, sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { user } from '#server/db/auth-schema.ts';

// Anyone may sign up with an address in ADMIN_EMAILS before its owner does, choosing the password,
// and wait for the owner to open the confirmation mail that sign-up sent.
const SQUATTED = newEmail('squatted-boss');
const OWN = newEmail('own-boss');
const CUSTOMER = newEmail('customer');
const dataDir = mkdtempSync(join(tmpdir(), 'torque-handover-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ dataDir, adminEmails: [SQUATTED, OWN] });
});
afterAll(async () => t.close());

const CONFIRM = /Subject: Confirm your Torque email address/;
const HAND_OVER = /Subject: You are an admin of Torque: choose your password/;
const CHANGED = /Subject: Your Torque password was changed/;
const signUp = (email: string, password: string) =>
  signIn(t.app, { name: 'Someone', email, password }, 'sign-up');
const signInStatus = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email, password },
    })
  ).statusCode;
/** The mails of this subject sent to this address (once the outbox's worker has sent them). */
const mailsTo = (email: string, subject: RegExp) => sentMailsTo(t.db, dataDir, email, subject);
const adminAnswer = async (email: string, who: TestAccount) =>
  t.app.inject({ url: `/api/admin/${email}`, headers: who.bearer });
const isAdmin = async (email: string) =>
  (await t.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role === 'admin';

/** Opens the confirmation link mailed to this address, in a browser holding `cookie` if given. */
async function confirm(email: string, cookie?: string) {
  const [link] = (await mailsTo(email, CONFIRM)).links;
  const res = await t.app.inject({ url: pathOf(link!), headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return res;
}

describe('the confirmation of an address in ADMIN_EMAILS', () => {
  it('ends the password and the sessions of whoever signed up with it, when opened in another browser', async () => {
    const squatter = await signUp(SQUATTED, 'the squatter chose this');
    expect((await adminAnswer(SQUATTED, squatter)).json()).toEqual({ admin: false });

    // The owner opens the mail: the address is theirs, the store makes it an admin and signs them in.
    const confirmed = await confirm(SQUATTED);
    expect(await isAdmin(SQUATTED)).toBe(true);
    const ownerCookie = String(confirmed.headers['set-cookie']).split(';')[0]!;
    const ownerSession = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: ownerCookie },
    });
    expect(ownerSession.json()?.user.email).toBe(SQUATTED);

    // Nothing the squatter holds still opens the account: not their token, nor their password.
    expect((await adminAnswer(SQUATTED, squatter)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: squatter.cookie } })).json(),
    ).toBeNull();
    expect(await signInStatus(SQUATTED, 'the squatter chose this')).toBe(401);

    // The owner chooses their own password by the link mailed with the rights.
    const handOver = await mailsTo(SQUATTED, HAND_OVER);
    expect(handOver.links).toHaveLength(1);
    expect(handOver.text).toContain('the password chosen at sign-up no longer works');
    // Clearing the password is no change by anyone: nothing says it was changed until the owner's reset.
    expect((await mailsTo(SQUATTED, CHANGED)).links).toHaveLength(0);
    const landing = await t.app.inject({ url: pathOf(handOver.links[0]!) });
    const token = new URL(String(landing.headers.location), 'http://x').searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin },
      payload: { token, newPassword: 'the owner chose this' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await mailsTo(SQUATTED, CHANGED)).links).toHaveLength(1);
    const owner = await signIn(t.app, { email: SQUATTED, password: 'the owner chose this' });
    expect((await adminAnswer(SQUATTED, owner)).json()).toEqual({ admin: true });
    expect(await signInStatus(SQUATTED, 'the squatter chose this')).toBe(401);
  });

  it('keeps the password and the session of the owner who opens it in the browser they signed up in', async () => {
    const owner = await signUp(OWN, 'the owner chose this');
    await confirm(OWN, owner.cookie);
    expect(await isAdmin(OWN)).toBe(true);
    expect((await adminAnswer(OWN, owner)).json()).toEqual({ admin: true });
    expect(await signInStatus(OWN, 'the owner chose this')).toBe(200);
    expect((await mailsTo(OWN, HAND_OVER)).links).toHaveLength(0);
  });
});

it("changes nothing of a customer's credentials, wherever its link is opened", async () => {
  const customer = await signUp(CUSTOMER, 'a customer chose this');
  await confirm(CUSTOMER);
  expect(await isAdmin(CUSTOMER)).toBe(false);
  expect((await adminAnswer(CUSTOMER, customer)).json()).toEqual({ admin: false });
  expect(await signInStatus(CUSTOMER, 'a customer chose this')).toBe(200);
  expect((await mailsTo(CUSTOMER, HAND_OVER)).links).toHaveLength(0);
});
