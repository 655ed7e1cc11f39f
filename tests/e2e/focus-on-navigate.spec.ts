// After a click takes the visitor to another page, the keyboard starts at that page's h1 (a screen
// reader reads it), not at <body> or on the link left behind: the next Tab goes to what follows the
// heading, not to the skip link and the navbar (use-focus-on-navigate.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Tool } from '#shared/schemas/tool.ts';
import {
  adminAccount,
  appTookOver,
  mainNav,
  newAccount,
  signInPage,
  storeURL,
} from '#tests/fixtures/e2e-helpers.ts';

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** The h1 has the keyboard, and Tab then moves to `next`, the first stop after it. */
async function startsAtHeading(page: Page, name: string, next: Locator): Promise<void> {
  const h1 = heading(page, name);
  await expect(h1).toBeFocused();
  await expect(page.locator(':focus')).toHaveAccessibleName(name);
  await expect(next).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
}

test.describe('the keyboard after a click to another page', () => {
  test('home → Tools starts at the catalogue’s h1; a search or a section link moves nothing', async ({
    page,
  }) => {
    await page.goto('/');
    await appTookOver(page, 'header a[href="/tools"]');
    // The first load leaves the keyboard at the document's start, as any page does.
    await expect(page.locator('h1:focus, main:focus')).toHaveCount(0);

    await mainNav(page).getByRole('link', { name: 'Tools', exact: true }).click();
    await expect(page).toHaveURL('/tools');
    await expect(page).toHaveTitle('All tools | Torque');
    const search = page.getByRole('searchbox', { name: 'Search tools' });
    await startsAtHeading(page, 'All tools', search);

    // A new search is the same page: the box keeps the keyboard while the visitor types.
    await search.pressSequentially('drill');
    await expect(search).toBeFocused();
    await search.press('Enter');
    await expect(page).toHaveURL('/tools?q=drill');
    // The box keeps it after the search too, showing its words, ready for another.
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('drill');
    // So does the sort menu, chosen by keyboard.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.focus();
    await sort.selectOption({ label: 'Name' });
    await expect(page).toHaveURL('/tools?q=drill&sort=name');
    await expect(sort).toBeFocused();
    await expect(search).toHaveValue('drill');
    // Back to the first search: the fields show the address's words again.
    await page.goBack();
    await expect(page).toHaveURL('/tools?q=drill');
    await expect(sort).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL('/tools');
    await expect(search).toHaveValue('');

    // A section of the home page: the page scrolls there, and the link keeps the keyboard.
    const reviews = mainNav(page).getByRole('link', { name: 'Reviews', exact: true });
    await reviews.click();
    await expect(page).toHaveURL('/#reviews');
    await expect(reviews).toBeFocused();

    // By keyboard: the focused h1 shows no focus ring, as it is no control.
    await mainNav(page).getByRole('link', { name: 'Blogs', exact: true }).press('Enter');
    await expect(page).toHaveURL('/blogs');
    await expect(heading(page, 'POPULAR BLOGS')).toBeFocused();
    await expect(heading(page, 'POPULAR BLOGS')).toHaveCSS('outline-style', 'none');
  });

  test('a customer’s Pay in My Orders starts the payment page at its h1', async ({ page }) => {
    const token = await signInPage(page, newAccount('Focus Buyer'));
    const tools = (await (await page.request.get('/api/tools')).json()) as Tool[];
    // Other journeys add tools with little stock and sell it: this one has stock to spare.
    const tool = tools.find((candidate) => candidate.availableQuantity >= 10 * candidate.minimumOrder)!;
    const purchase = await page.request.post('/api/purchase', {
      headers: { origin: storeURL, authorization: `Bearer ${token}` },
      data: {
        toolsId: tool._id,
        phone: '+1 555 010 2030',
        address: '12 Forge Lane, Sheffield',
        quantity: tool.minimumOrder,
      },
    });
    expect(purchase.ok(), await purchase.text()).toBe(true);

    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await appTookOver(page, 'main a[href="/dashboard/myOrders"]');
    // The dashboard's own menu stays on screen, and would keep the keyboard on the link clicked.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' })
      .click();
    await expect(page).toHaveTitle('My Orders | Dashboard | Torque');
    const pay = main.getByRole('link', { name: 'Pay', exact: true }).filter({ visible: true });
    await expect(heading(page, 'My Orders')).toBeFocused();

    await pay.click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle('Payment | Dashboard | Torque');
    // The h1 comes with the order, after the page's spinner.
    await startsAtHeading(page, 'Pay For Your Order', main.getByLabel('Card number'));
  });

  test('Manage Products → Edit starts the form’s page at its h1, then Name', async ({ page }) => {
    await signInPage(page, adminAccount);
    await page.goto('/dashboard');
    await appTookOver(page, 'main a[href="/dashboard/manageProducts"]');
    await page.getByRole('link', { name: 'Manage Products', exact: true }).filter({ visible: true }).click();
    await startsAtHeading(page, 'Manage Products', page.getByRole('searchbox', { name: 'Search products' }));

    await page
      .getByRole('link', { name: /^Edit / })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard\/editProduct\//);
    await expect(page).toHaveTitle('Edit Product | Dashboard | Torque');
    // The h1 comes with the product, after the page's spinner.
    await startsAtHeading(page, 'Edit Product', page.getByRole('main').getByLabel('Name', { exact: true }));
  });
});
