import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '#tests/fixtures/e2e-helpers.ts';

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
