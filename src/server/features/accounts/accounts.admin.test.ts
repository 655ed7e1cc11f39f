import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount, signUpAdmin, verifyEmail } from '#tests/fixtures/accounts.ts';
import { DEMO_CUSTOMER_EMAIL } from './accounts.service.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { user } from '#server/db/auth-schema.ts';

const ADMIN = 'chief@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Chief Admin', email: ADMIN, password: 'correct horse battery' });
  ann = await signUp(t.app, 'ann');
});
afterAll(async () => t.close());

describe('accounts', () => {
  it('lists accounts with their roles, asked with the admin’s own email', async () => {
    const res = await t.call('GET', `/api/users?email=${ADMIN}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ email: ADMIN, role: 'admin' }));
    expect(res.json()).toContainEqual(expect.objectContaining({ email: ann.email, role: 'user' }));
    expect((await t.call('GET', `/api/users?email=${ann.email}`, admin)).statusCode).toBe(403);
  });

  it("GET /api/users (SPEC's) sends every account past one batch, oldest first, written as it is read", async () => {
    await t.db.execute(sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bulk-' || n, 'Bulk Customer ' || n, 'bulk' || n || '@example.com', true,
        timestamp '2025-01-01' + make_interval(secs => n), now()
      from generate_series(1, 1200) n`);
    const every = await t.db
      .select({ email: user.email })
      .from(user)
      .orderBy(sql`${user.createdAt}, ${user.id}`);
    const res = await t.call('GET', `/api/users?email=${ADMIN}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Streamed, a batch at a time: its length is not known before the last batch is read.
    expect(res.headers['content-length']).toBeUndefined();
    const listed = res.json() as { email: string; role: string; name: string; emailVerified: boolean }[];
    expect(listed.map((u) => u.email)).toEqual(every.map((u) => u.email));
    expect(listed.length).toBeGreaterThan(1200);
    expect(listed.find((u) => u.email === 'bulk7@example.com')).toEqual({
      _id: 'bulk-7',
      email: 'bulk7@example.com',
      name: 'Bulk Customer 7',
      role: 'user',
      emailVerified: true,
    });
    expect(listed.find((u) => u.email === ADMIN)?.role).toBe('admin');
  });

  it('makes a customer an admin, once, with no way back', async () => {
    const kim = await signUp(t.app, 'kim');
    await verifyEmail(t.app, kim.email);
    const res = await t.call('PUT', `/api/user/admin/${kim.email}`, admin);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.call('GET', `/api/admin/${kim.email}`, kim)).json()).toEqual({ admin: true });
    expect((await t.call('PUT', `/api/user/admin/${kim.email}`, admin)).json().modifiedCount).toBe(0);
    expect((await t.call('PUT', `/api/user/admin/nobody@example.com`, admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/admin/audit?limit=100', admin)).json().items[0]).toMatchObject({
      action: 'user.promote',
      target: kim.email,
    });
  });

  it('refuses to make an account whose email was never confirmed an admin, changing nothing', async () => {
    // Anyone can sign up as ceo@yourcompany.com: only following the mailed link shows the address is theirs.
    const sam = await signUp(t.app, 'sam');
    const listed = async () =>
      (await t.call('GET', `/api/admin/users?q=${sam.email}`, admin)).json().items as unknown[];
    expect(await listed()).toEqual([expect.objectContaining({ email: sam.email, emailVerified: false })]);
    const before = (await t.call('GET', '/api/admin/audit?limit=1', admin)).json().items;

    const res = await t.call('PUT', `/api/user/admin/${sam.email}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'email_unconfirmed',
        message: `${sam.email} has not confirmed their email address yet; they can send the link again from My Profile.`,
      },
    });
    expect((await t.call('GET', `/api/admin/${sam.email}`, sam)).json()).toEqual({ admin: false });
    expect((await t.call('GET', '/api/admin/audit?limit=1', admin)).json().items).toEqual(before);
    expect(await listed()).toEqual([expect.objectContaining({ role: 'user', emailVerified: false })]);

    // Once they follow the link, the same button works.
    await verifyEmail(t.app, sam.email);
    expect(await listed()).toEqual([expect.objectContaining({ emailVerified: true })]);
    expect((await t.call('PUT', `/api/user/admin/${sam.email}`, admin)).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
  });

  it('lists the demo accounts as confirmed, so the demo customer can be made an admin', async () => {
    const res = await t.call('GET', `/api/users?email=${ADMIN}`, admin);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ email: DEMO_CUSTOMER_EMAIL, emailVerified: true }),
    );
    expect(res.json()).toContainEqual(expect.objectContaining({ email: ADMIN, emailVerified: true }));
  });
});
