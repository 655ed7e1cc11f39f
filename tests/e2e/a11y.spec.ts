import { expect, type Locator, test, type Page } from '@playwright/test';
import {
  appTookOver,
  mainNav,
  newAccount,
  seriousViolations,
  signInPage,
} from '#tests/fixtures/e2e-helpers.ts';

const pages: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Our Tools' }).getByRole('listitem')).toHaveCount(6);
      // The reviews carousel starts as it comes near the screen.
      await page.getByRole('region', { name: 'What Our Clients Says?' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('button', { name: 'Next review' })).toBeAttached();
    },
  },
  {
    path: '/blogs',
    ready: (page) => expect(page.getByRole('article')).toHaveCount(5),
  },
  {
    path: '/myPortfolio',
    ready: (page) => expect(page.getByRole('link', { name: 'Go Live' })).toHaveCount(3),
  },
  {
    path: '/login',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
      // The Google button settles once the store's configuration has answered.
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    },
  },
  {
    path: '/registration',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    },
  },
  {
    path: '/forgot-password',
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible(),
  },
  {
    path: '/reset-password?token=not-a-real-token',
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible(),
  },
  {
    path: '/no-such-page',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible(),
  },
];

test.describe('accessibility', () => {
  for (const { path, ready } of pages) {
    test(`@mobile axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('@mobile every page has exactly one h1 and the landmarks', async ({ page }) => {
    for (const { path, ready } of pages) {
      await page.goto(path);
      await ready(page);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      await expect(page.getByRole('banner'), path).toHaveCount(1);
      await expect(page.getByRole('main'), path).toHaveCount(1);
      await expect(page.getByRole('contentinfo'), path).toHaveCount(1);
    }
  });
});

test.describe('the keyboard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** A customer's My Orders on a phone, its dashboard menu closed: the menu's button and drawer. */
  async function dashboardMenu(page: Page, name: string) {
    await signInPage(page, newAccount(name));
    await page.goto('/dashboard/myOrders');
    await appTookOver(page, 'main button[aria-expanded]');
    const opener = page.getByRole('button', { name: 'Dashboard menu', exact: true });
    const drawer = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
    await expect(drawer.getByRole('link', { name: 'Add Review', includeHidden: true })).toBeAttached();
    return { opener, drawer };
  }
  const inert = (element: Locator) => element.evaluate((node) => node.closest('[inert]') !== null);

  test('the dashboard menu takes focus when it opens and keeps it until Escape', async ({ page }) => {
    const { opener, drawer } = await dashboardMenu(page, 'Drawer Keys');
    await opener.press('Enter');
    await expect(drawer.getByRole('button', { name: 'Close dashboard menu' })).toBeFocused();
    // The page behind is out of reach of a screen reader's cursor too, while the menu covers it.
    const behind = [page.getByRole('heading', { level: 1 }), page.getByRole('banner'), opener];
    for (const element of behind) expect(await inert(element)).toBe(true);
    expect(await inert(drawer)).toBe(false);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(drawer.locator(':focus'), `after ${key}`).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    for (const element of behind) expect(await inert(element)).toBe(false);
  });

  // The drawer is modal (use-modal-drawer.ts): a link in it closes it, and the keyboard goes where
  // the link leads, the new page's h1 (use-focus-on-navigate.ts).
  test('a link in the dashboard menu closes it and starts the new page at its h1', async ({ page }) => {
    const { opener, drawer } = await dashboardMenu(page, 'Drawer Link');
    await opener.press('Enter');
    await expect(drawer.getByRole('button', { name: 'Close dashboard menu' })).toBeFocused();
    await drawer.getByRole('link', { name: 'Add Review' }).press('Enter');

    await expect(page).toHaveURL(/\/dashboard\/addReview$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Add A Review' });
    await expect(heading).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    // The page behind is no longer inert.
    expect(await inert(heading)).toBe(false);
    expect(await inert(opener)).toBe(false);
  });

  test('Escape closes the menu and puts focus back on its button', async ({ page }) => {
    await page.goto('/tools');
    await appTookOver(page, 'header button[aria-expanded]');
    await mainNav(page).getByRole('button', { name: 'Open menu' }).press('Enter');
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: 'My Portfolio' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mainNav(page).getByRole('link', { name: 'My Portfolio' })).toBeHidden();
    await expect(mainNav(page).getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
