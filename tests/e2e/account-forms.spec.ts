// Issue 13 "Trust": the account forms. Ordinary addresses (DESIGN §5.7), the admin guard without a
// loop (§5.8), the reason Google is unavailable, and forms that never put a password in an address.
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  appTookOver,
  accessToken,
  adminAccount,
  createAccount,
  expectSignedInNavbar,
  form,
  latestMail,
  loginThroughForm,
  logout,
  newAccount,
  PASSWORD,
  storeURL,
  submitLogin,
  enableTwoFactor,
  totp,
} from '#tests/fixtures/e2e-helpers.ts';

test('registers and logs in with an ordinary address: john.smith@acme.co.uk', async ({ page }) => {
  const account = { name: 'John Smith', email: 'john.smith@acme.co.uk', password: PASSWORD };
  await page.goto('/registration');
  const main = form(page);
  await main.getByLabel('Name', { exact: true }).fill(account.name);
  await main.getByLabel('Email', { exact: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main')).toContainText(account.email);
  await logout(page);

  // Typed as people type it: the address is compared in lower case.
  await loginThroughForm(page, { ...account, email: 'John.Smith@Acme.co.uk' });
  await expect(page).toHaveURL('/');
});

test('a customer refused an admin page is told why, and signing in again lands on /dashboard', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, newAccount('Grace Brewster'));
  await loginThroughForm(page, account);
  await page.goto('/dashboard/manageOrders');
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('status').filter({ hasText: 'That page needs an admin account' }),
  ).toBeVisible();
  await expect.poll(() => accessToken(page)).toBeNull();

  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expectSignedInNavbar(page, account.name);
  // Signed in for good: no second trip through the admin guard signed the customer out.
  await expect.poll(() => accessToken(page)).toBeTruthy();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/dashboard');
  expect(await accessToken(page)).toBeTruthy();
});

test('a visitor sent to log in by an admin page, who signs in as a customer, lands on /dashboard and stays signed in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, newAccount('Hal Visitor'));
  await page.goto('/dashboard/manageOrders');
  await expect(page).toHaveURL('/login');
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  // Not sent back to the admin page, whose guard would sign the customer out again.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/dashboard');
  expect(await accessToken(page)).toBeTruthy();
});

test.describe('Google sign-in not set up', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the reason is written under the button and describes it', async ({ page }) => {
    await page.route('**/api/config', (route) => route.fulfill({ json: { googleSignIn: false } }));
    for (const path of ['/login', '/registration']) {
      await page.goto(path);
      const button = form(page).getByRole('button', { name: 'Continue with Google' });
      const reason = form(page).getByText('Google sign-in is not set up for this store.');
      await expect(reason).toBeVisible();
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription('Google sign-in is not set up for this store.');
      // Readable on a phone: inside the screen, not clipped.
      const box = (await reason.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('the forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Every address the page asks for, with its method, as the browser sends them. */
  function watch(page: Page): Request[] {
    const seen: Request[] = [];
    page.on('request', (request) => seen.push(request));
    return seen;
  }

  function expectNoPasswordInAddresses(seen: Request[], password: string) {
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.url()).not.toMatch(/password=/i);
      // Any encoding of it: each test password has a word no address of the store holds.
      expect(request.url()).not.toContain(password.split(' ')[1]);
    }
  }

  test('registering posts the form and lands on the dashboard, signed in', async ({ page }) => {
    const seen = watch(page);
    const account = { ...newAccount('Ida Noddle'), email: `ida.noddle+${Date.now()}@acme.com` };
    await page.goto('/registration');
    const main = form(page);
    await main.getByLabel('Name', { exact: true }).fill(account.name);
    await main.getByLabel('Email', { exact: true }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('main')).toContainText(account.email);
    await expectSignedInNavbar(page, account.name);
    const posted = seen.find((request) => request.method() === 'POST');
    expect(posted?.url()).toMatch(/\/registration$/);
    expect(posted?.postData()).toContain('password=');
    expectNoPasswordInAddresses(seen, account.password);
  });

  test('signing in posts the form and lands home, signed in; the app then gets its token', async ({
    page,
    request,
    browser,
  }) => {
    const account = await createAccount(request, newAccount('Mary Kenneth Keller'));
    const seen = watch(page);
    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
    expect(seen.filter((r) => r.method() === 'POST').map((r) => new URL(r.url()).pathname)).toEqual([
      '/login',
    ]);
    expectNoPasswordInAddresses(seen, account.password);

    // JavaScript back on, same cookies: the app exchanges the session for its access token.
    const withApp = await browser.newContext({
      javaScriptEnabled: true,
      storageState: await page.context().storageState(),
    });
    const appPage = await withApp.newPage();
    await appPage.goto('/dashboard/myOrders');
    await expect(appPage.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect.poll(() => accessToken(appPage)).toBeTruthy();
    await withApp.close();
  });

  test('a wrong password comes back to the form in red, signed out, with no password in the address', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Jean Sammet'));
    const seen = watch(page);
    await page.goto('/login');
    await submitLogin(page, account.email, 'wrong horse battery');
    await expect(page).toHaveURL('/login?error=invalid_email_or_password');
    await expect(form(page).getByRole('alert')).toHaveText('Invalid email or password');
    expectNoPasswordInAddresses(seen, 'wrong horse battery');
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name.includes('session_token'))).toBe(false);
  });

  test('registering an address that has an account comes back to the form in red', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Kathleen Booth'));
    await page.goto('/registration');
    const main = form(page);
    await main.getByLabel('Name', { exact: true }).fill(account.name);
    await main.getByLabel('Email', { exact: true }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/registration?error=user_already_exists');
    await expect(form(page).getByRole('alert')).toHaveText('User already exists. Use another email.');
  });

  test('registering with a name the store refuses comes back with the reason under Name', async ({
    page,
  }) => {
    await page.goto('/registration');
    const main = form(page);
    await main.getByLabel('Name', { exact: true }).fill('Ann <b>');
    await main.getByLabel('Email', { exact: true }).fill(newAccount('Ann').email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/registration?error=name_not_plain');
    const name = form(page).getByLabel('Name', { exact: true });
    await expect(name).toHaveAccessibleDescription('Name may not contain < > or control characters');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(form(page).getByRole('alert')).toHaveCount(0);
  });

  test('a two-factor account signs in with its code, both steps posted as forms', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Radia Perlman'));
    // Enrolled through the API with the session the sign-up left in `request`.
    const key = await enableTwoFactor(request, account.password);

    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/login?step=two-factor');
    await form(page).getByLabel('Authentication code').fill('000000');
    await form(page).getByRole('button', { name: 'Verify' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Invalid code');
    await form(page).getByLabel('Authentication code').fill(totp(key));
    await form(page).getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
  });

  test('a forgotten password is reset through the mailed link, and the new one signs in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Evelyn Boyd'));
    const newPassword = 'a fresh horse passphrase';
    const seen = watch(page);
    await page.goto('/forgot-password');
    await form(page).getByLabel('Email', { exact: true }).fill(account.email);
    await form(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeVisible();

    // The sign-up's verification mail may come first: wait for the reset's.
    await expect.poll(async () => (await latestMail(request, account.email)).subject).toMatch(/reset/i);
    const link = /https?:\/\/\S+/.exec((await latestMail(request, account.email)).text)![0];
    expect(link.startsWith(storeURL)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=[^&]+/);
    await form(page).getByLabel('New password', { exact: true }).fill(newPassword);
    await form(page).getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL('/login?reset=1');
    await expect(
      page.getByRole('status').filter({ hasText: 'Password changed. Please log in.' }),
    ).toBeVisible();

    await submitLogin(page, account.email, newPassword);
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
    expectNoPasswordInAddresses(seen, newPassword);
  });
});

test.describe('typed before the app takes over (a slow phone)', () => {
  // The page is drawn by the server and its script arrives later: what was typed meanwhile must
  // still be there once the app takes the form over, and be what it sends.
  test('the login and registration forms keep what was typed', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Nora Patel'));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const main = form(page);
    await main.getByLabel('Email', { exact: true }).fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    release();
    await appTookOver(page, 'main input[name="email"]');
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(main.getByLabel('Password', { exact: true })).toHaveValue(account.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => accessToken(page)).toBeTruthy();
    await logout(page);

    const newcomer = newAccount('Omar Haddad');
    await page.goto('/registration', { waitUntil: 'commit' });
    await main.getByLabel('Name', { exact: true }).fill(newcomer.name);
    await main.getByLabel('Email', { exact: true }).fill(newcomer.email);
    await main.getByLabel('Password', { exact: true }).fill(newcomer.password);
    // The scripts are cached by now: this page is taken over as soon as it arrives.
    await appTookOver(page, 'main input[name="name"]');
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(newcomer.name);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('main')).toContainText(newcomer.email);
  });

  test('an admin’s Add Products form keeps what was typed (its page is a chunk of its own)', async ({
    page,
    request,
  }) => {
    await createAccount(request, adminAccount);
    await loginThroughForm(page, adminAccount);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/dashboard/addProducts', { waitUntil: 'commit' });
    const name = page.getByRole('form', { name: 'Add a product' }).getByLabel('Name', { exact: true });
    await name.fill('Torque MX-40 Magnetic Drill');
    const typedInto = await name.elementHandle();
    release();
    await appTookOver(page, 'main form input[name="name"]');
    // The session is read again meanwhile: the form the server drew is the one the app keeps.
    await expect.poll(() => typedInto!.evaluate((input) => input.isConnected)).toBe(true);
    await expect(name).toHaveValue('Torque MX-40 Magnetic Drill');
  });
});
