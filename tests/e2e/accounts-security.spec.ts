import { expect, test } from '@playwright/test';
import {
  accessToken,
  createAccount,
  expectSignedInNavbar,
  expectSignedOutNavbar,
  form,
  googleAccount,
  latestMail,
  logout,
  mailCatcherURL,
  newAccount,
  oidcIssuer,
  PASSWORD,
  registerThroughForm,
  storeURL,
  submitLogin,
  enableTwoFactor,
  totp,
  verifyEmail,
  wrongTotp,
} from '#tests/fixtures/e2e-helpers.ts';

test.describe('Google sign-in', () => {
  test('Continue with Google signs in through the provider and comes back signed in', async ({
    page,
    request,
  }) => {
    const config = await request.get('/api/config');
    expect(await config.json()).toMatchObject({ googleSignIn: true });

    await page.goto('/login');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();

    // The stand-in Google's own page: pick the account.
    await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await page.getByRole('button', { name: `Continue as ${googleAccount.name}` }).click();

    // Back home, where a login from /login itself returns (SPEC §2 Login).
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, googleAccount.name);
    await expect.poll(() => accessToken(page)).toBeTruthy();

    const token = await accessToken(page);
    const profile = await request.get(`/api/user/${googleAccount.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(200);
    expect(await profile.json()).toMatchObject({
      email: googleAccount.email,
      displayName: googleAccount.name,
    });

    await page.goto('/dashboard');
    await expect(page.getByRole('main')).toContainText(googleAccount.email);
    await expect(page.getByRole('main')).toContainText(googleAccount.name);
  });

  test("a Google name no sign-up would take is stored cleaned, as the sign-up's rule allows", async ({
    page,
    request,
  }) => {
    // The stand-in Google's second account (tests/fixtures/oidc-provider.ts) is named
    // `<b>Ada</b>\u0007 ` and 300 x's: its markup and control character become spaces, cut to 100.
    const email = 'ada@example.com';
    const cleaned = `b Ada /b ${'x'.repeat(91)}`;
    await page.goto('/login');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    await page.locator('form', { hasText: email }).getByRole('button').click();

    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, cleaned);
    await expect.poll(() => accessToken(page)).toBeTruthy();
    const profile = await request.get(`/api/user/${email}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(await profile.json()).toMatchObject({ email, displayName: cleaned });
    const session = await page.request.get('/api/auth/get-session');
    expect((await session.json()).user.name).toBe(cleaned);
  });

  test('an account with two-factor on is asked for its code, and signed in only with it', async ({
    page,
    request,
  }) => {
    // The stand-in Google's third account, also a password account of the same verified address.
    const account = await createAccount(request, {
      name: 'Barbara Liskov',
      email: 'barbara@example.com',
      password: PASSWORD,
    });
    await verifyEmail(request, account.email);
    // Two-factor turned on through the API, with the session the link left in `request`.
    const key = await enableTwoFactor(request, account.password);

    // A visitor's Purchase Now asks for a login first; the code brings them back to the purchase.
    const [tool] = (await (await request.get('/api/tools')).json()) as { _id: string }[];
    const purchase = `/purchase/${tool!._id}`;
    await page.goto(purchase);
    await expect(page).toHaveURL('/login');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: `Continue as ${account.name}` }).click();

    await expect(page).toHaveURL(`/login?step=two-factor&redirect=${encodeURIComponent(purchase)}`);
    const code = form(page).getByLabel('Authentication code', { exact: true });
    await expect(code).toBeVisible();
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
    expect(await accessToken(page)).toBeNull();

    await code.fill(totp(key));
    await form(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(purchase);
    await expect(page.getByRole('main').getByRole('button', { name: 'Purchase' })).toBeVisible();
    await expectSignedInNavbar(page, account.name);
    await expect.poll(() => accessToken(page)).toBeTruthy();
  });

  test('Continue with Google is offered on the registration page too', async ({ page }) => {
    await page.goto('/registration');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
    await page.getByRole('button', { name: `Continue as ${googleAccount.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`^${storeURL}/`));
    await expectSignedInNavbar(page, googleAccount.name);
  });
});

test.describe('Google sign-in from a guarded page', () => {
  test('returns to the page that asked for a login', async ({ page }) => {
    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL('/login');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: `Continue as ${googleAccount.name}` }).click();
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expectSignedInNavbar(page, googleAccount.name);
  });
});

test.describe('password reset', () => {
  test('a reset link by mail sets a new password; the old one stops working', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Annie Easley'));
    const newPassword = 'a brand new passphrase';

    await page.goto('/login');
    await form(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await form(page).getByLabel('Email', { exact: true }).fill(account.email);
    await form(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeVisible();

    // The verification mail of the sign-up came first: wait for the reset.
    await expect.poll(async () => (await latestMail(request, account.email)).subject).toMatch(/reset/i);
    const mail = await latestMail(request, account.email);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(link!.startsWith(storeURL)).toBe(true);

    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=[^&]+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await form(page).getByLabel('New password', { exact: true }).fill(newPassword);
    await form(page).getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL('/login');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password changed. Please log in.' }),
    ).toBeVisible();

    await submitLogin(page, account.email, account.password);
    await expect(
      form(page)
        .getByRole('alert')
        .filter({ hasText: /invalid|incorrect|wrong/i }),
    ).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await accessToken(page)).toBeNull();

    await form(page).getByLabel('Password', { exact: true }).fill(newPassword);
    await form(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
  });

  test('asking for a reset of an unknown address says the same and sends nothing', async ({
    page,
    request,
  }) => {
    const email = newAccount().email;
    await page.goto('/forgot-password');
    await form(page).getByLabel('Email', { exact: true }).fill(email);
    await form(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeVisible();
    await page.waitForTimeout(1_000);
    const messages = await request.get(`${mailCatcherURL}/messages?to=${email}`);
    expect(await messages.json()).toEqual([]);
  });
});

test.describe('two-factor authentication', () => {
  test('@mobile enrol an authenticator on My Profile, then log in with its code', async ({ page }) => {
    const account = newAccount('Shafi Goldwasser');
    await registerThroughForm(page, account);
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await main.getByRole('button', { name: 'Enable two-factor' }).click();
    // The Change password card beside it has a field of the same name.
    const twoFactor = main.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByLabel('Current password', { exact: true }).fill(account.password);
    await main.getByRole('button', { name: 'Continue', exact: true }).click();

    const keyText = main.getByText(/Or enter this key:/);
    await expect(keyText).toBeVisible();
    const key = /Or enter this key:\s*([A-Z2-7]+)/.exec(await keyText.innerText())?.[1];
    expect(key, 'the base32 key shown').toBeTruthy();
    await expect(main.getByRole('img', { name: /QR/i })).toBeVisible();
    await expect(main.getByText('Backup codes')).toBeVisible();
    // better-auth's backup codes read like `a1B2c-D3e4F`.
    const backupCodes = await main
      .getByRole('listitem')
      .filter({ hasText: /^\s*[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\s*$/ })
      .allInnerTexts();
    expect(backupCodes.length).toBeGreaterThanOrEqual(5);

    // A wrong code is refused, the right one turns it on.
    await main.getByLabel('Authentication code', { exact: true }).fill(wrongTotp(key!));
    await main.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(main.getByRole('alert').filter({ hasText: /invalid|incorrect|wrong/i })).toBeVisible();
    await main.getByLabel('Authentication code', { exact: true }).fill(totp(key!));
    await main.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(main.getByText('Two-factor authentication is on.')).toBeVisible();

    // Still signed in: turning it on renews the session, and the page keeps working after a reload.
    await page.reload();
    await expect(main.getByText('Two-factor authentication is on.')).toBeVisible();
    await expect(main).toContainText(account.email);
    await expectSignedInNavbar(page, account.name);

    await logout(page);
    await submitLogin(page, account.email, account.password);
    const code = form(page).getByLabel('Authentication code', { exact: true });
    await expect(code).toBeVisible();
    expect(await accessToken(page)).toBeNull();

    await code.fill(wrongTotp(key!));
    await form(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(
      form(page)
        .getByRole('alert')
        .filter({ hasText: /invalid|incorrect|wrong/i }),
    ).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await accessToken(page)).toBeNull();

    await code.fill(totp(key!));
    await form(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
    await expect.poll(() => accessToken(page)).toBeTruthy();

    // A backup code works once in place of the authenticator.
    await logout(page);
    await submitLogin(page, account.email, account.password);
    await expect(code).toBeVisible();
    await form(page).getByRole('button', { name: 'Use a backup code' }).click();
    await form(page).getByLabel('Backup code', { exact: true }).fill(backupCodes[0]!.trim());
    await form(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expectSignedInNavbar(page, account.name);
  });

  test('an account without two-factor is not asked for a code', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('Mary Kenneth Keller'));
    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await expectSignedInNavbar(page, account.name);
  });
});

test('logging out after Google sign-in shows the visitor navbar', async ({ page }) => {
  await page.goto('/login');
  await form(page).getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: `Continue as ${googleAccount.name}` }).click();
  await expectSignedInNavbar(page, googleAccount.name);
  await logout(page);
  expect(await accessToken(page)).toBeNull();
  await expectSignedOutNavbar(page);
});
