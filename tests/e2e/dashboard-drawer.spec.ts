// The phone's dashboard menu is a modal drawer (use-modal-drawer.ts): a link in it closes it, and
// the keyboard goes where the link leads, the new page's h1 (use-focus-on-navigate.ts).
import { expect, test } from '@playwright/test';
import { appTookOver, newAccount, signInPage } from '#tests/fixtures/e2e-helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a link in the dashboard menu closes it and starts the new page at its h1', async ({ page }) => {
  await signInPage(page, newAccount('Drawer Link'));
  await page.goto('/dashboard/myOrders');
  await appTookOver(page, 'main button[aria-expanded]');
  const opener = page.getByRole('button', { name: 'Dashboard menu', exact: true });
  const drawer = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  await expect(drawer.getByRole('link', { name: 'Add Review', includeHidden: true })).toBeAttached();

  await opener.press('Enter');
  await expect(drawer.getByRole('button', { name: 'Close dashboard menu' })).toBeFocused();
  await drawer.getByRole('link', { name: 'Add Review' }).press('Enter');

  await expect(page).toHaveURL(/\/dashboard\/addReview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  // The page behind is no longer inert.
  const inert = (selector: string) =>
    page.locator(selector).evaluate((node) => node.closest('[inert]') !== null);
  expect(await inert('main h1')).toBe(false);
  expect(await inert('main button[aria-expanded]')).toBe(false);
});
