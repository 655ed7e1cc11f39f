import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount, signUpAdmin } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

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

  it('makes a customer an admin, once, with no way back', async () => {
    const kim = await signUp(t.app, 'kim');
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
});
