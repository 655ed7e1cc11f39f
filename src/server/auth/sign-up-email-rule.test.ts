import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { origin, signIn } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

// DESIGN §5.7: one email rule for the forms, the sign-up and every call that names an address.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signUp = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { name: 'Jo Smith', email, password: 'correct horse battery' },
  });

describe('the email rule on the server', () => {
  it('signs up and in ordinary addresses, and knows them in any case', async () => {
    for (const email of ['john.smith@acme.co.uk', 'J.Smith+Tools@Gmail.com', 'user@mail.info']) {
      const account = await signIn(
        t.app,
        { name: 'Jo Smith', email, password: 'correct horse battery' },
        'sign-up',
      );
      const orders = await t.app.inject({
        method: 'GET',
        url: `/api/myOrders?email=${encodeURIComponent(email.toUpperCase())}`,
        headers: account.bearer,
      });
      expect(orders.statusCode).toBe(200);
    }
    const again = await signIn(t.app, { email: 'JOHN.SMITH@acme.co.uk', password: 'correct horse battery' });
    expect(again.token).toBeTruthy();
  });

  it.each(['a@b', 'a b@c.com', '@x.com', 'x@.com'])(
    'refuses a sign-up as %s with 400 in the API’s error shape, and creates nothing',
    async (email) => {
      const res = await signUp(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: 'Provide a valid email',
          fields: { email: 'Provide a valid email' },
        },
      });
      const signInAfter = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email, password: 'correct horse battery' },
      });
      expect(signInAfter.statusCode).not.toBe(200);
    },
  );

  it('refuses a malformed address in PUT /user/{email} and GET /myOrders with 400', async () => {
    const account = await signIn(
      t.app,
      { name: 'Jo Smith', email: 'buyer@acme.com', password: 'correct horse battery' },
      'sign-up',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/a@b',
      headers: { origin, cookie: account.cookie },
      payload: { email: 'a@b' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.fields).toEqual({ email: 'Provide a valid email' });
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/myOrders?email=x@.com',
      headers: account.bearer,
    });
    expect(orders.statusCode).toBe(400);
    expect(orders.json().error.fields).toEqual({ email: 'Provide a valid email' });
  });
});
