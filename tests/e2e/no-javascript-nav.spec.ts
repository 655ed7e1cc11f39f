import { expect, test } from '@playwright/test';
import { expectSignedInNavbar, mainNav, newAccount, signIn } from '#tests/fixtures/e2e-helpers.ts';

// The login and registration forms post without JavaScript; the navbar must lead to them as well.
test.describe('the navbar without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('@mobile links to the pages, Login and Registration', async ({ page }) => {
    await page.goto('/tools');
    const nav = mainNav(page);
    for (const name of ['My Portfolio', 'Blogs', 'Tools', 'Login', 'Registration']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('@mobile signed in, shows the account and Logout instead of Login', async ({ page }) => {
    const account = newAccount('Nojs Reader');
    await signIn(page.request, account);
    await page.goto('/tools');
    await expectSignedInNavbar(page, account.name);
  });

  test('@mobile a page only the app can show says it needs JavaScript, instead of spinning for ever', async ({
    page,
  }) => {
    // A visitor's dashboard link: the app would send them to log in, and without it nothing would.
    await page.goto('/dashboard/myOrders');
    // As drawn (Playwright's text locators skip a noscript's content, which the browser shows here).
    await expect(page.getByRole('main')).toContainText(
      'This page needs JavaScript: turn it on in your browser, then reload.',
      { useInnerText: true },
    );
  });

  test('Logout signs the session out', async ({ page }) => {
    const account = newAccount('Nojs Leaver');
    await signIn(page.request, account);
    await page.goto('/tools');
    await mainNav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    // Gone on the server too, not only from this page.
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('@mobile a section link shows its heading clear of the navbar', async ({ page }) => {
    await page.goto('/#reviews');
    const heading = page.getByRole('heading', { name: 'What Our Clients Says?' });
    await expect(heading).toBeInViewport();
    // The space between the navbar's bottom and the heading's top: negative when the bar covers it.
    const clearance = async () => {
      const bar = await page.getByRole('banner').boundingBox();
      const top = await heading.boundingBox();
      return bar && top ? top.y - (bar.y + bar.height) : Number.NaN;
    };
    await expect.poll(clearance).toBeGreaterThanOrEqual(0);
  });
});

test('@mobile with JavaScript the navbar shows Login once, and no menu until it is opened', async ({
  page,
}) => {
  await page.goto('/tools');
  const nav = mainNav(page);
  const toggle = nav.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) {
    await expect(nav.getByRole('link', { name: 'Blogs', exact: true })).toBeHidden();
    await toggle.click();
  }
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});
