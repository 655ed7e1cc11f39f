import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import {
  accessToken,
  expectSignedInNavbar,
  form,
  googleAccount,
  loginThroughForm,
  newAccount,
  registerThroughForm,
  seriousViolations,
  storeURL,
  submitLogin,
} from '#tests/fixtures/e2e-helpers.ts';

const NEW_PASSWORD = 'a brand new passphrase';

/** The Change password card of My Profile. */
function card(page: Page) {
  return page.getByRole('region', { name: 'Change password' });
}

async function changePassword(page: Page, currentPassword: string, newPassword: string): Promise<void> {
  await card(page).getByLabel('Current password', { exact: true }).fill(currentPassword);
  await card(page).getByLabel('New password', { exact: true }).fill(newPassword);
  await card(page).getByRole('button', { name: 'Change password' }).click();
}

/** Whether better-auth signs the account in with this password, asked from a context of its own. */
async function signsIn(
  playwright: PlaywrightWorkerArgs['playwright'],
  email: string,
  password: string,
): Promise<boolean> {
  const api = await playwright.request.newContext({ baseURL: storeURL });
  try {
    const response = await api.post('/api/auth/sign-in/email', {
      headers: { origin: storeURL },
      data: { email, password },
    });
    return response.ok();
  } finally {
    await api.dispose();
  }
}

test.describe('changing the password on My Profile', () => {
  test('keeps this browser signed in, signs the other device out, and only the new password works', async ({
    page,
    browser,
  }) => {
    const account = newAccount('Barbara Liskov');
    await registerThroughForm(page, account);
    await expect(card(page)).toBeVisible();
    const oldToken = await accessToken(page);

    // The same account, signed in on another device.
    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await loginThroughForm(other, account);

    await changePassword(page, account.password, NEW_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Your password is changed.' })).toBeVisible();
    await expect(card(page).getByLabel('Current password', { exact: true })).toHaveValue('');
    await expect(card(page).getByLabel('New password', { exact: true })).toHaveValue('');

    // This tab's next protected call (the orders, within the app) carries the new session's token.
    await page.getByRole('link', { name: 'My Orders', exact: true }).click();
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myOrders');
    expect(await accessToken(page)).not.toBe(oldToken);
    // And after a reload.
    await page.reload();
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await expectSignedInNavbar(page, account.name);

    // The other device is signed out at its next call.
    await other.goto('/dashboard');
    await expect(other).toHaveURL('/login');
    await expect.poll(() => accessToken(other)).toBeNull();

    // There, the old password no longer signs in; the new one does.
    await submitLogin(other, account.email, account.password);
    await expect(
      form(other)
        .getByRole('alert')
        .filter({ hasText: /invalid/i }),
    ).toBeVisible();
    await expect(other).toHaveURL('/login');
    await form(other).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await form(other).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(other).not.toHaveURL(/\/login/);
    await expectSignedInNavbar(other, account.name);
    await otherDevice.close();

    // And the first browser was not signed out by the other device's new sign-in.
    await page.reload();
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myOrders');
  });

  test('a wrong current password is refused at its field and changes nothing', async ({
    page,
    playwright,
  }) => {
    const account = newAccount('Frances Allen');
    await registerThroughForm(page, account);
    const token = await accessToken(page);

    await changePassword(page, 'not my password at all', NEW_PASSWORD);
    const current = card(page).getByLabel('Current password', { exact: true });
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription('That is not your current password.');
    await expect(current).toBeFocused();
    expect(await accessToken(page)).toBe(token);

    // Still signed in with the same session; the old password still signs in, the new one does not.
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    expect(await signsIn(playwright, account.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(playwright, account.email, account.password)).toBe(true);
  });

  test('@mobile a short new password is refused at its field', async ({ page, playwright }) => {
    const account = newAccount('Jean Sammet');
    await registerThroughForm(page, account);

    await changePassword(page, account.password, 'short1');
    const next = card(page).getByLabel('New password', { exact: true });
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toHaveAccessibleDescription(/too short/i);
    await expect(next).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Your password is changed.' })).toHaveCount(0);

    expect(await signsIn(playwright, account.email, account.password)).toBe(true);
  });

  test('an account made with Google is told it has no password to change', async ({ page }) => {
    await page.goto('/login');
    await form(page).getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: `Continue as ${googleAccount.name}` }).click();
    await expectSignedInNavbar(page, googleAccount.name);
    await page.goto('/dashboard');

    await changePassword(page, 'any password at all', NEW_PASSWORD);
    await expect(card(page).getByRole('alert')).toContainText('signs in with Google');
    // Still signed in.
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  });

  test('@mobile axe finds no serious or critical violations on the card, errors shown', async ({ page }) => {
    const account = newAccount('Karen Spärck Jones');
    await registerThroughForm(page, account);
    await expect(card(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await card(page).getByRole('button', { name: 'Change password' }).click();
    await expect(card(page).getByLabel('Current password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
