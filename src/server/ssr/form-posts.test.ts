import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newEmail, origin } from '#tests/fixtures/accounts.ts';
import { logSink } from '#tests/fixtures/log-sink.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { createLogger } from '#server/logger.ts';
import { FORM_ERRORS, formErrorField } from '#shared/form-posts.ts';

// The account forms, posted as native forms before the app takes the page over (a slow phone,
// JavaScript blocked).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 4 });
});
afterAll(async () => t.close());

const PASSWORD = 'correct horse battery';
let address = 0;

/** A form post as a browser sends it, each from its own address unless told (the rate limit). */
const post = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin },
  remoteAddress = `10.9.${Math.floor(++address / 250)}.${address % 250}`,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

const sessionCookie = (res: Awaited<ReturnType<typeof post>>) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => /^better-auth\.session_token=[^;]/.test(c))
    ?.split(';')[0];

/** A new account, signed up through the form (the limit of 4 counts per email and per address). */
async function account(): Promise<string> {
  const email = newEmail('form.user');
  const res = await post('/registration', { name: 'Ann Lee', email, password: PASSWORD });
  expect(res.headers.location).toBe('/dashboard');
  return email;
}

/** The cookie is a live session: it is exchanged for the access token as after the app's sign-in. */
async function tokenFor(cookie: string | undefined, email: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { origin, cookie: cookie ?? '' },
    payload: { email },
  });
  return res.statusCode === 200 ? (res.json().token as string) : undefined;
}

describe('POST /registration and /login as forms', () => {
  it('registers, signed in, and goes on to the dashboard with 303', async () => {
    const res = await post('/registration', {
      name: 'Jo Smith',
      email: 'jo.smith@acme.co.uk',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(await tokenFor(sessionCookie(res), 'jo.smith@acme.co.uk')).toBeTruthy();
  });

  it('signs in and goes on to the page it was sent from', async () => {
    const email = await account();
    const res = await post('/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
      redirect: '/dashboard/myOrders?x=1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/myOrders?x=1');
    expect(await tokenFor(sessionCookie(res), email)).toBeTruthy();
  });

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    // Same-origin paths whose resolved form begins with two slashes, which a browser reads as
    // another host.
    '/.//evil.example/x',
    '/./\\evil.example/x',
    '/x/..//evil.example',
  ])('never goes on to another site (%s): home instead', async (redirect) => {
    const res = await post('/login', { email: await account(), password: PASSWORD, redirect });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('sends a wrong password back to the form with a code, signed out, never with the password', async () => {
    const res = await post('/login', {
      email: await account(),
      password: 'not the password',
      redirect: '/',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?error=invalid_email_or_password');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('sends a refused sign-in back to the form with where it was going, for the next try', async () => {
    const email = await account();
    const wrong = await post('/login', { email, password: 'not the password', redirect: '/purchase/x' });
    expect(wrong.headers.location).toBe('/login?redirect=%2Fpurchase%2Fx&error=invalid_email_or_password');
    const invalid = await post('/login', { email: 'a@b', password: PASSWORD, redirect: '/purchase/x' });
    expect(invalid.headers.location).toBe('/login?redirect=%2Fpurchase%2Fx&error=invalid_email');
    // Still never another site's.
    const away = await post('/login', { email, password: 'not the password', redirect: '//evil.example' });
    expect(away.headers.location).toBe('/login?error=invalid_email_or_password');
  });

  it('sends invalid fields back with the code of the first, creating nothing', async () => {
    const bad = await post('/registration', { name: 'Jo', email: 'a@b', password: PASSWORD });
    expect(bad.headers.location).toBe('/registration?error=invalid_email');
    expect(sessionCookie(bad)).toBeUndefined();
    expect((await post('/login', { email: 'a@b', password: PASSWORD })).headers.location).toBe(
      '/login?error=invalid_email',
    );
    expect((await post('/login', { email: 'a@acme.com', password: '' })).headers.location).toBe(
      '/login?error=invalid_password',
    );
    const taken = await post('/registration', { name: 'Jo', email: await account(), password: PASSWORD });
    expect(taken.headers.location).toBe('/registration?error=user_already_exists');
    const short = await post('/registration', { name: 'Jo', email: 'short.pw@acme.com', password: 'short' });
    expect(short.headers.location).toBe('/registration?error=password_too_short');
  });

  it.each([
    ['markup', 'Ann <b>', 'name_not_plain'],
    ['a line break', 'Ann\nLee', 'name_not_plain'],
    ['only punctuation', '--', 'invalid_name'],
    ['no name', '   ', 'invalid_name'],
    ['101 characters', 'n'.repeat(101), 'name_too_long'],
  ])(
    'sends a name of %s back as a refused name, with its words, creating nothing',
    async (_what, name, code) => {
      const email = newEmail('refused.name');
      const res = await post('/registration', { name, email, password: PASSWORD });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/registration?error=${code}`);
      expect(sessionCookie(res)).toBeUndefined();
      expect(formErrorField(code)).toBe('name');
      expect((await post('/login', { email, password: PASSWORD })).headers.location).toBe(
        '/login?error=invalid_email_or_password',
      );
    },
  );

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['Origin null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['another site’s Referer', { referer: 'https://evil.example/page' }],
    ['neither Origin nor Referer', {}],
  ])('refuses a form sent with %s: 403 in the error shape, nobody signed in', async (_, headers) => {
    const res = await post('/login', { email: await account(), password: PASSWORD }, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('takes Origin null when the browser itself says same-origin (documents are no-referrer)', async () => {
    const res = await post(
      '/login',
      { email: await account(), password: PASSWORD },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(res.headers.location).toBe('/');
    expect(sessionCookie(res)).toBeDefined();
  });

  it('counts against the auth rate limit of the address, with the app’s own sign-ins', async () => {
    const from = '10.8.0.1';
    const locations: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/login',
        { email: `guess${i}@acme.com`, password: 'guess ' + i },
        { origin },
        from,
      );
      locations.push(res.headers.location);
    }
    // The fourth try of this address goes through the API, the fifth through the form: both refused.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: 'guess9@acme.com', password: 'guess' },
      remoteAddress: from,
    });
    expect(api.statusCode).toBe(401);
    const fifth = await post('/login', { email: await account(), password: PASSWORD }, { origin }, from);
    expect(locations).toEqual(Array(3).fill('/login?error=invalid_email_or_password'));
    expect(fifth.headers.location).toBe('/login?error=rate_limited');
    expect(sessionCookie(fifth)).toBeUndefined();
  });
});

describe('a refused form drawn again (the built pages, dist/web)', () => {
  const fillCookie = (res: Awaited<ReturnType<typeof post>>) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('torque.form_fill='))
      ?.split(';')[0];
  const field = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];

  it('holds the typed email in the login page’s field, never the password nor in the address', async () => {
    const email = await account();
    const res = await post('/login', { email, password: 'not the password', redirect: '/' });
    expect(res.headers.location).toBe('/login?error=invalid_email_or_password');
    const cookie = fillCookie(res);
    const [payload, signature] = cookie!.slice('torque.form_fill='.length).split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString()).fill).toEqual({ email });

    const page = await t.app.inject({ url: res.headers.location!, headers: { cookie: cookie! } });
    expect(page.statusCode).toBe(200);
    expect(field(page.body, 'email')).toContain(`value="${email}"`);
    expect(field(page.body, 'password')).not.toContain('value=');
    expect(page.body).toContain(FORM_ERRORS.invalid_email_or_password);
    // Read once, by this visitor only: the page is not kept, the cookie is cleared.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toMatch(/^torque\.form_fill=;.*Max-Age=0/);
    const again = await t.app.inject({ url: res.headers.location! });
    expect(field(again.body, 'email')).not.toContain(email);
    // A cookie not signed by the store fills nothing.
    const madeUp = await t.app.inject({
      url: res.headers.location!,
      headers: {
        cookie: `torque.form_fill=${payload}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      },
    });
    expect(field(madeUp.body, 'email')).not.toContain(email);
    expect(madeUp.headers['cache-control']).toBe('private, no-cache');
  });

  it('fills nothing from a cookie past its minute', async () => {
    const email = await account();
    const res = await post('/login', { email, password: 'not the password', redirect: '/' });
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockImplementation(() => now + 61_000);
    try {
      const page = await t.app.inject({ url: res.headers.location!, headers: { cookie: fillCookie(res)! } });
      expect(page.statusCode).toBe(200);
      expect(field(page.body, 'email')).not.toContain(email);
      expect(page.headers['cache-control']).toBe('private, no-cache');
    } finally {
      later.mockRestore();
    }
  });

  it('is no session cookie: made into one, it costs no session lookup (DESIGN §6)', async () => {
    // Anyone can have a fill cookie: any refused form gives one.
    const res = await post('/login', { email: 'x' });
    const [payload, signature] = fillCookie(res)!.slice('torque.form_fill='.length).split('.');
    // The form a session cookie is signed in: `value.signature`, the signature in standard base64.
    const signed = `form-fill.${payload}.${Buffer.from(signature!, 'base64url').toString('base64')}`;
    const lookups = async (cookie: string) => {
      const inject = vi.spyOn(t.app, 'inject');
      try {
        const page = await t.app.inject({ url: '/', headers: { cookie } });
        expect(page.statusCode).toBe(200);
        const calls = inject.mock.calls as unknown as [{ url?: string } | undefined][];
        return calls.filter(([call]) => call?.url === '/api/auth/get-session').length;
      } finally {
        inject.mockRestore();
      }
    };
    expect(await lookups(`better-auth.session_token=${encodeURIComponent(signed)}`)).toBe(0);
    // A live session's cookie is looked up: the count sees it.
    const signedIn = await post('/login', { email: await account(), password: PASSWORD });
    expect(await lookups(sessionCookie(signedIn)!)).toBe(1);
  });

  it('holds the name and the taken email in the registration page’s fields', async () => {
    const email = await account();
    const res = await post('/registration', { name: 'Ann Again', email, password: PASSWORD });
    expect(res.headers.location).toBe('/registration?error=user_already_exists');
    const page = await t.app.inject({ url: res.headers.location!, headers: { cookie: fillCookie(res)! } });
    expect(field(page.body, 'name')).toContain('value="Ann Again"');
    expect(field(page.body, 'email')).toContain(`value="${email}"`);
  });
});

describe('POST /login/two-factor: the code step of a two-factor account, as a form', () => {
  const cookiesOf = (res: Awaited<ReturnType<typeof post>>) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .join('; ');

  it('goes from the password to the code step, then signs in with a right code only', async () => {
    const email = newEmail('two.factor');
    const registered = await post('/registration', { name: 'Tu Fa', email, password: PASSWORD });
    const cookie = sessionCookie(registered)!;
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { origin, cookie },
      payload: { password: PASSWORD },
    });
    const secret = OTPAuth.URI.parse(enable.json().totpURI as string).secret;
    const totp = () => new OTPAuth.TOTP({ secret }).generate();
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { origin, cookie },
      payload: { code: totp() },
    });
    expect(verify.statusCode).toBe(200);

    const first = await post('/login', { email, password: PASSWORD, redirect: '/dashboard' });
    // The code step keeps where the sign-in goes on to, for its own form's `redirect`.
    expect(first.headers.location).toBe('/login?step=two-factor&redirect=%2Fdashboard');
    expect(sessionCookie(first)).toBeUndefined();
    const pending = cookiesOf(first);

    const wrong = await post(
      '/login/two-factor',
      { code: '000000', redirect: '/dashboard' },
      { origin, cookie: pending },
    );
    expect(wrong.headers.location).toBe('/login?step=two-factor&redirect=%2Fdashboard&error=invalid_code');
    expect(sessionCookie(wrong)).toBeUndefined();

    const right = await post(
      '/login/two-factor',
      { code: totp(), redirect: '/dashboard' },
      { origin, cookie: pending },
    );
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/dashboard');
    expect(await tokenFor(sessionCookie(right), email)).toBeTruthy();
  });

  it('sends a code with no sign-in pending back to the password', async () => {
    const res = await post('/login/two-factor', { code: '123456' });
    expect(res.headers.location).toBe('/login?error=invalid_two_factor_cookie');
    expect(sessionCookie(res)).toBeUndefined();
    // With where the sign-in was going.
    const going = await post('/login/two-factor', { code: '123456', redirect: '/purchase/x' });
    expect(going.headers.location).toBe('/login?redirect=%2Fpurchase%2Fx&error=invalid_two_factor_cookie');
  });
});

describe('POST /forgot-password and /reset-password as forms', () => {
  it('asks for a link and shows the page’s confirmation', async () => {
    const res = await post('/forgot-password', { email: await account() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/forgot-password?sent=1');
  });

  it('says, once an address has had its mails for the hour, to try again in an hour', async () => {
    const store = await createTestApp({ authRateLimit: 1000 });
    try {
      const email = newEmail('many-resets');
      const locations: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await store.app.inject({
          method: 'POST',
          url: '/forgot-password',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          payload: new URLSearchParams({ email }).toString(),
          remoteAddress: `10.8.0.${i + 1}`,
        });
        locations.push(res.headers.location);
      }
      expect(locations).toEqual([
        ...Array(5).fill('/forgot-password?sent=1'),
        '/forgot-password?error=too_many_mails',
      ]);
    } finally {
      await store.close();
    }
  });

  it('sends a link that does not work back as broken, and a missing password back with its token', async () => {
    const broken = await post('/reset-password', { token: 'no-such-token', newPassword: 'a new passphrase' });
    expect(broken.headers.location).toBe('/reset-password?error=INVALID_TOKEN');
    const empty = await post('/reset-password', { token: 'tok', newPassword: '' });
    expect(empty.headers.location).toBe('/reset-password?token=tok&error=invalid_password');
  });
});

describe('the log of a production store', () => {
  it('holds no password from the forms’ journey, at the default level', async () => {
    const { sink, lines } = logSink();
    const production = { env: 'production' as const, logLevel: 'info' };
    const { logger } = await createLogger(production, sink);
    const store = await createTestApp({ ...production, authRateLimit: 1000 }, { logger });
    try {
      const send = (url: string, fields: Record<string, string>) =>
        store.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          payload: new URLSearchParams(fields).toString(),
        });
      const email = newEmail('log.check');
      expect(
        (await send('/registration', { name: 'Lo G', email, password: 'first secret words' })).statusCode,
      ).toBe(303);
      await send('/login', { email, password: 'second secret words' });
      await send('/login', { email, password: 'first secret words', redirect: '/' });
      await send('/registration', { name: 'Lo G', email: 'x@acme.com', password: 'third' });
      await send('/reset-password', { token: 'no-such-token', newPassword: 'fourth secret words' });
    } finally {
      await store.close();
    }
    const log = lines.join('\n');
    // The journey was logged (one access line a request), and no password is in it.
    expect(log).toContain('/login');
    for (const secret of [
      'first secret',
      'second secret',
      'third',
      'fourth secret',
      'secret+words',
      'secret%20words',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
