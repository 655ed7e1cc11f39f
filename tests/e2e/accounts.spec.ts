import { expect, test } from '@playwright/test';
import {
  appTookOver,
  accessToken,
  adminAccount,
  createAccount,
  expectSignedInNavbar,
  expectSignedOutNavbar,
  form,
  loginThroughForm,
  logout,
  mainNav,
  newAccount,
  openMenuIfCollapsed,
  registerThroughForm,
  seriousViolations,
  storeURL,
  submitLogin,
  uniqueEmail,
} from '#tests/fixtures/e2e-helpers.ts';

test.describe('registration', () => {
  test('@mobile registering lands on the dashboard, signed in', async ({ page }) => {
    const account = newAccount('Ada Lovelace');
    await page.goto('/registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
    await expect(form(page).getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/login');
    await expect(form(page).getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await registerThroughForm(page, account);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(main).toContainText(account.name);
    await expect(main).toContainText(account.email);
    await expectSignedInNavbar(page, account.name);
    await expect.poll(() => accessToken(page)).toBeTruthy();
  });

  test('an empty form shows every required message, and a malformed email its own', async ({ page }) => {
    await page.goto('/registration');
    await appTookOver(page, 'main input[name="email"]');
    const main = form(page);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(main.getByText('Name is required')).toBeVisible();
    await expect(main.getByText('Email is required')).toBeVisible();
    await expect(main.getByText('Password is required')).toBeVisible();

    await main.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await main.getByLabel('Email', { exact: true }).fill('Bad@Mail');
    await main.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(main.getByText('Provide a valid email')).toBeVisible();
    await expect(main.getByText('Name is required')).toHaveCount(0);
    await expect(main.getByText('Password is required')).toHaveCount(0);
    await expect(page).toHaveURL('/registration');
    expect(await accessToken(page)).toBeNull();
  });

  test('a too-short password is refused at its field, before anything is sent', async ({ page }) => {
    const account = { ...newAccount(), password: 'short1' };
    const signUps: string[] = [];
    page.on('request', (req) => req.url().includes('/api/auth/sign-up') && signUps.push(req.url()));
    await page.goto('/registration');
    const main = form(page);
    await main.getByLabel('Name', { exact: true }).fill(account.name);
    await main.getByLabel('Email', { exact: true }).fill(account.email);
    const password = main.getByLabel('Password', { exact: true });
    await password.fill(account.password);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(/Password too short: use at least 8 characters/);
    expect(signUps).toEqual([]);
    await expect(page).toHaveURL('/registration');
    expect(await accessToken(page)).toBeNull();
  });

  test('Log in instead goes to /login', async ({ page }) => {
    await page.goto('/registration');
    await form(page).getByRole('link', { name: 'Log in instead' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });
});

test.describe('login', () => {
  test('the login form validates before calling the server', async ({ page }) => {
    await page.goto('/login');
    await appTookOver(page, 'main input[name="email"]');
    const main = form(page);
    await expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/registration',
    );
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(main.getByText('Email is required')).toBeVisible();
    await expect(main.getByText('Password is required')).toBeVisible();

    // An address a browser's type=email takes, but with no dot in its domain (DESIGN §5.7).
    await main.getByLabel('Email', { exact: true }).fill('first.last@example');
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(main.getByText('Provide a valid email')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('logging in returns to the page that asked for it', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Katherine Johnson'));
    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expectSignedInNavbar(page, account.name);
    await expect.poll(() => accessToken(page)).toBeTruthy();
  });

  test('logging in from /login goes home', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Margaret Hamilton'));
    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
  });

  test('a wrong password shows a red error and stays signed out', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Hedy Lamarr'));
    await page.goto('/login');
    await submitLogin(page, account.email, 'not the password at all');
    await expect(
      form(page)
        .getByRole('alert')
        .filter({ hasText: /invalid|incorrect|wrong/i }),
    ).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await accessToken(page)).toBeNull();
    await expectSignedOutNavbar(page);
  });

  test('Create an account goes to /registration', async ({ page }) => {
    await page.goto('/login');
    await form(page).getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/registration');
  });
});

test.describe('logout and guards', () => {
  test('@mobile logout goes to /login, forgets the token, and the dashboard asks to log in again', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Barbara Liskov'));
    await loginThroughForm(page, account);
    // Signed in, the browser keeps the account beside its token, so its pages open at once next time.
    expect(await page.evaluate(() => localStorage.getItem('sessionUser'))).toContain(account.email);
    await logout(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('sessionUser'))).toBeNull();
    await expectSignedOutNavbar(page);

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expectSignedOutNavbar(page);
  });

  test('a returning customer’s dashboard opens while the session is read again', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, newAccount('Edsger Dijkstra'));
    await loginThroughForm(page, account);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByText(account.email)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Update Your Profile' })).toBeVisible();
    release();
    await expect(main.getByText(account.email)).toBeVisible();
  });

  test('a customer sees the customer links; the admin pages sign them out', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Frances Allen'));
    await loginThroughForm(page, account);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    for (const name of ['My Profile', 'My Orders', 'Add Review']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Manage Orders', 'Add Products', 'Make Admin', 'Manage Products', 'Audit Log']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }

    await page.goto('/dashboard/manageOrders');
    await expect(page).toHaveURL('/login');
    await expect.poll(() => accessToken(page)).toBeNull();
    await expectSignedOutNavbar(page);

    // An admin logging in from here is taken to the page the customer was refused.
    await createAccount(request, adminAccount);
    await submitLogin(page, adminAccount.email, adminAccount.password);
    await expect(page).toHaveURL('/dashboard/manageOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
    for (const name of ['My Profile', 'Manage Orders', 'Add Products', 'Make Admin', 'Manage Products']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['My Orders', 'Add Review']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await main.getByRole('link', { name: 'Make Admin', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/makeAdmin');
  });

  test('a session ended elsewhere signs the browser out on its next protected call', async ({
    page,
    context,
    playwright,
  }) => {
    const account = newAccount('Radia Perlman');
    await registerThroughForm(page, account);
    await expectSignedInNavbar(page, account.name);
    const token = await accessToken(page);
    expect(token).toBeTruthy();

    // Another tab of the same browser signs out: the session, and with it the token, ends on the server.
    const elsewhere = await playwright.request.newContext({
      baseURL: storeURL,
      storageState: await context.storageState(),
    });
    const signOut = await elsewhere.post('/api/auth/sign-out', { headers: { origin: storeURL } });
    expect(signOut.ok()).toBe(true);
    const check = await elsewhere.get(`/api/user/${account.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.status()).toBe(401);
    await elsewhere.dispose();

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect.poll(() => accessToken(page)).toBeNull();
    await expectSignedOutNavbar(page);
  });

  test('a revoked access token alone is enough to sign the browser out', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Adele Goldberg'));
    await loginThroughForm(page, account);
    const token = await accessToken(page);

    // Revoke the session through the bearer token, as a sign-out on another device would.
    const signOut = await request.post('/api/auth/sign-out', {
      headers: { origin: storeURL, authorization: `Bearer ${token}` },
    });
    expect(signOut.ok()).toBe(true);

    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL('/login');
    await expect.poll(() => accessToken(page)).toBeNull();
    await expectSignedOutNavbar(page);
  });
});

test.describe('a refused token', () => {
  for (const status of [401, 403]) {
    test(`a ${status} on the orders call signs out and opens /login`, async ({ page, request }) => {
      const account = await createAccount(request, newAccount('Evelyn Boyd'));
      await loginThroughForm(page, account);
      await page.goto('/dashboard');
      await expect(page.getByRole('main')).toContainText(account.email);

      // The server refuses the token on the orders call (SPEC §7, §8), the session cookie still being live.
      const ordersCall = /\/api\/myOrders\?/;
      await page.route(ordersCall, (route) =>
        route.fulfill({
          status,
          json: { error: { code: status === 401 ? 'unauthenticated' : 'forbidden', message: 'Refused.' } },
        }),
      );
      await page.getByRole('main').getByRole('link', { name: 'My Orders', exact: true }).click();
      await expect(page).toHaveURL('/login');
      await expect.poll(() => accessToken(page)).toBeNull();
      await expectSignedOutNavbar(page);

      // Signed out for real, not just the token dropped: the session cookie no longer signs in.
      await page.unroute(ordersCall);
      await page.goto('/dashboard');
      await expect(page).toHaveURL('/login');
      await expectSignedOutNavbar(page);
    });
  }
});

test.describe('my profile', () => {
  test('@mobile a long name and email fit a phone, whole, with no sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const account = {
      ...newAccount('Maria Gaetana Agnesi di Milano'),
      email: uniqueEmail('mariagaetanaagnesiprocurement'),
    };
    await createAccount(page.request, account);
    await loginThroughForm(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Wrapped, not cut off with an ellipsis: the customer reads their own name and address whole.
    const card = page.getByRole('region', { name: 'Your details' });
    for (const text of [account.name, account.email]) {
      const line = card.getByText(text, { exact: true });
      expect(await line.evaluate((e) => e.scrollWidth <= e.clientWidth), text).toBe(true);
    }
  });

  test('a profile update is shown and survives a reload', async ({ page }) => {
    const account = newAccount('Lynn Conway');
    await registerThroughForm(page, account);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(main).toContainText(account.name);
    await expect(main).toContainText(account.email);

    const profile = {
      education: 'MSc Electrical Engineering',
      profession: 'Chip designer',
      linkedIn: 'https://www.linkedin.com/in/lynn-conway-e2e',
      address: '12 Mead Street, Pasadena',
    };
    await expect(main.getByRole('heading', { name: 'Update Your Profile' })).toBeVisible();
    await main.getByLabel('Education', { exact: true }).fill(profile.education);
    await main.getByLabel('Profession', { exact: true }).fill(profile.profession);
    await main.getByLabel('LinkedIn profile', { exact: true }).fill(profile.linkedIn);
    await main.getByLabel('Address', { exact: true }).fill(profile.address);
    await main.getByRole('button', { name: 'Update', exact: true }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Profile updated' })).toBeVisible();
    for (const value of Object.values(profile)) await expect(main).toContainText(value);
    // SPEC §4: after an update the profile is refetched and the form resets.
    await expect(main.getByLabel('Education', { exact: true })).toHaveValue('');

    await page.reload();
    await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    for (const value of Object.values(profile)) await expect(main).toContainText(value);
  });
});

test.describe('accounts accessibility', () => {
  for (const path of ['/login', '/registration', '/forgot-password']) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violations on /dashboard, signed in', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Sophie Wilson'));
    await loginThroughForm(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('main')).toContainText(account.email);
    await expect(page.getByRole('main').getByLabel('Education', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the login form errors are announced and tied to their fields', async ({ page }) => {
    await page.goto('/login');
    await appTookOver(page, 'main input[name="email"]');
    const main = form(page);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(main.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(/Email is required/);
    await expect(main.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Password is required/,
    );
  });
});

test('the signed-in navbar’s Dashboard link opens My Profile', async ({ page, request }) => {
  const account = await createAccount(request, newAccount('Jean Bartik'));
  await loginThroughForm(page, account);
  await openMenuIfCollapsed(page);
  await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main')).toContainText(account.email);
});
