import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  test('the navbar shows the visitor links in order', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Registration' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Torque' })).toHaveAttribute('href', '/');
    const labels = await nav.getByRole('link').filter({ visible: true }).allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual([
      'Torque',
      'My Portfolio',
      'Blogs',
      'Tools',
      'Business Summary',
      'Reviews',
      'Login',
      'Registration',
    ]);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await nav.getByRole('link', { name: 'My Portfolio' }).click();
    await expect(page).toHaveURL('/myPortfolio');
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await nav.getByRole('link', { name: 'Registration' }).click();
    await expect(page).toHaveURL('/registration');
    await nav.getByRole('link', { name: 'Torque' }).click();
    await expect(page).toHaveURL('/');
  });

  test('@mobile the hamburger menu opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();

    const toggle = nav.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(nav.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'My Portfolio',
      'Blogs',
      'Tools',
      'Business Summary',
      'Reviews',
      'Login',
      'Registration',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'POPULAR BLOGS' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();

    await nav.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });

  test('@mobile blogs shows POPULAR BLOGS and five question cards', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'POPULAR BLOGS' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    const topics = [
      /performance of a React application/,
      /ways to manage a state/,
      /prototypical inheritance/,
      /never set the state directly/,
      /unit test/,
    ];
    for (const [index, topic] of topics.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(topic);
      const answer = (await card.getByRole('paragraph').allInnerTexts()).join(' ');
      const words = answer.split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(80);
      expect(words).toBeLessThanOrEqual(150);
    }
  });

  test('@mobile the portfolio shows basic info, education, technologies and projects', async ({ page }) => {
    await page.goto('/myPortfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Portfolio sections' });
    for (const name of ['Basic Info', 'Education', 'Technologies', 'Projects']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }

    const basicInfo = page.getByRole('region', { name: 'Basic Info' });
    await expect(basicInfo.getByText(/^Hi, I'm /)).toBeVisible();
    await expect(basicInfo.getByRole('link', { name: 'Get In Touch' })).toHaveAttribute(
      'href',
      /^mailto:.+@/,
    );

    await expect(page.getByRole('region', { name: 'Education' }).getByRole('listitem')).toHaveCount(2);
    const technologies = page.getByRole('region', { name: 'Technologies' });
    await expect(technologies.getByRole('heading', { name: 'Front-end' })).toBeVisible();
    await expect(technologies.getByRole('heading', { name: 'Back-end' })).toBeVisible();

    const goLive = page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'Go Live' });
    await expect(goLive).toHaveCount(3);
    for (const link of await goLive.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }

    await menu.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeInViewport();
  });

  test('@mobile an unknown route shows the error page with a way home', async ({ page }) => {
    await page.goto('/this/route/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Ooops ! This is Error Page', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Our Tools' })).toBeVisible();
  });

  test('pages that need a sign-in send a visitor to /login', async ({ page }) => {
    const guarded = [
      '/purchase/00000000-0000-4000-8000-000000000000',
      '/dashboard',
      '/dashboard/myOrders',
      '/dashboard/addReview',
      '/dashboard/payment/00000000-0000-4000-8000-000000000000',
      '/dashboard/manageOrders',
      '/dashboard/addProducts',
      '/dashboard/makeAdmin',
      '/dashboard/manageProducts',
    ];
    for (const path of guarded) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    }
  });

  test('shows a loading spinner while the tools load', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tools', async (route) => {
      await held;
      await route.continue();
    });
    // The home page's HTML comes with its tools: coming from another page, the app asks for them.
    await page.goto('/blogs');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Torque', exact: true })
      .click();
    const tools = page.getByRole('region', { name: 'Our Tools' });
    await expect(tools.getByRole('status', { name: 'Loading' })).toBeVisible();
    release();
    await expect(tools.getByRole('listitem')).toHaveCount(6);
    await expect(tools.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  });

  test('the API reference opens at /api/docs and lists the catalogue calls', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Torque API/ })).toBeVisible();
    await expect(page.getByText('/api/tools', { exact: true })).toBeVisible();
  });
});
