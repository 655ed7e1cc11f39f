// The admin's lists at scale and the overview, in the browser against the real server:
// Manage Orders searched by the buyer's email, its CSV export read back, the overview's revenue bar
// of today, and axe on the new pages; where keyboard focus goes after Show more, Pending and a
// refund. Orders are placed and paid through the API (sandbox gateway).
import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
  type Route,
} from '@playwright/test';
import { formatDollars } from '#shared/money.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import {
  adminAccount,
  createAccount,
  newAccount,
  PASSWORD,
  seriousViolations,
  storeURL,
  uniqueEmail,
  signIn,
  signInPage,
} from '#tests/fixtures/e2e-helpers.ts';

const origin = { origin: storeURL };

/** A customer on a request context of its own, who buys a tool's minimum order and may pay for it. */
async function orderAsNewCustomer(
  playwright: PlaywrightWorkerArgs['playwright'],
  request: APIRequestContext,
  options: { paid: boolean; toolIndex: number },
) {
  const account = { ...newAccount('Lister Buyer'), email: uniqueEmail('lister') };
  const api = await playwright.request.newContext({ baseURL: storeURL });
  const headers = { ...origin, Authorization: `Bearer ${await signIn(api, account)}` };
  // Among tools with stock to spare: other journeys add tools with little stock, and sell it.
  const tools = ((await (await request.get('/api/tools')).json()) as Tool[]).filter(
    (t) => t.availableQuantity >= 10 * t.minimumOrder,
  );
  const tool = tools.at(options.toolIndex)!;
  const bought = await api.post('/api/purchase', {
    headers,
    data: { toolsId: tool._id, phone: '+1 555 0100', address: '1 Quarry Road', quantity: tool.minimumOrder },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const orderId = ((await bought.json()) as { insertedId: string }).insertedId;
  if (options.paid) {
    const intent = await api.post('/api/create-payment-intent', { headers, data: { orderId } });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirm = await api.post('/api/payments/sandbox/confirm', {
      headers,
      data: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    const { id: transactionId } = (await confirm.json()) as { id: string };
    const paid = await api.patch(`/api/order/${orderId}`, {
      headers,
      data: { appointment: orderId, transactionId },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  await api.dispose();
  return { account, tool, orderId, cents: Math.round(tool.price * 100) * tool.minimumOrder };
}

const BUSY = 'The store is busy. Try again in a moment.';

/** A route handler that answers the first call with 503, as a busy store does, and lets the next through. */
function failOnce() {
  let failed = false;
  return async (route: Route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: BUSY } } });
  };
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const ordersList = (page: Page) =>
  page
    .getByRole('table', { name: 'All orders' })
    .or(page.getByRole('list', { name: 'All orders' }))
    .filter({ visible: true });

test.describe('admin lists', () => {
  let token = '';
  test.beforeEach(async ({ page }) => {
    token = await signInPage(page, adminAccount);
  });

  test('@mobile an admin finds an order by the buyer’s email, and the URL keeps the search', async ({
    page,
    playwright,
  }) => {
    const order = await orderAsNewCustomer(playwright, page.request, { paid: false, toolIndex: -1 });
    // Another order, which the search must leave out.
    await orderAsNewCustomer(playwright, page.request, { paid: false, toolIndex: -1 });

    await page.goto('/dashboard/manageOrders');
    // The rows come from the app once it has taken over the server-drawn page.
    await expect(ordersList(page)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.account.email.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageOrders\?q=/);
    const rows = ordersList(page).locator('tbody tr, li');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(order.account.email);
    await expect(rows.first()).toContainText(order.tool.name);
    await expect(page.getByText('Showing 1 of 1 orders')).toBeVisible();

    // The filter is an address: opened afresh, it shows the same, and a status narrows it.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(
      order.account.email.toUpperCase(),
    );
    await expect(rows).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No orders match')).toBeVisible();
  });

  test('an admin exports the filtered orders as CSV and reads them back', async ({ page, playwright }) => {
    const order = await orderAsNewCustomer(playwright, page.request, { paid: true, toolIndex: -2 });
    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(order.account.email)}`);
    await expect(ordersList(page)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('orders.csv');
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Order Id","Created","Buyer Name","Email","Phone","Address","Product Name","Unit Price","Quantity","Total","Status","Transaction Id"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${order.orderId}"`);
    expect(lines[1]).toContain(`"${order.account.email}"`);
    expect(lines[1]).toContain(`"${(order.cents / 100).toFixed(2)}","paid"`);
  });

  test("the overview shows a paid order's revenue on today's bar", async ({ page, playwright }) => {
    const headers = { Authorization: `Bearer ${token}` };
    const today = new Date().toISOString().slice(0, 10);
    const before = (await (await page.request.get('/api/admin/overview', { headers })).json()) as {
      revenueByDay: { day: string; cents: number }[];
    };
    const was = before.revenueByDay.find((d) => d.day === today)?.cents ?? 0;
    const order = await orderAsNewCustomer(playwright, page.request, { paid: true, toolIndex: -3 });

    await page.goto('/dashboard/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
    // The days are UTC's, and the chart says so.
    await expect(page.getByRole('figure')).toContainText('Revenue per day (UTC), last 30 days');
    await expect(page.locator(`rect[data-day="${today}"] title`)).toHaveText(
      new RegExp(`: ${formatDollars((was + order.cents) / 100).replace('$', '\\$')}$`),
    );
    // The same figure in the table beside the picture.
    await page.getByText('Revenue per day as a table').click();
    const row = page.getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    await expect(row).toContainText(formatDollars((was + order.cents) / 100));
    // Orders to ship lead to Manage Orders, filtered to paid orders.
    await page.getByRole('link', { name: 'Ship paid orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageOrders\?status=paid$/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
    await expect(ordersList(page)).toContainText(order.account.email);
  });

  test('@mobile the revenue chart reads on a phone: a plot of some height, the days under it in readable text', async ({
    page,
  }) => {
    await page.goto('/dashboard/overview');
    const chart = page.getByRole('img', { name: /Revenue per day/ });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())!.height).toBeGreaterThanOrEqual(150);
    const days = page
      .getByRole('figure')
      .getByText(/^[A-Z][a-z]{2} \d{1,2}$/)
      .filter({ visible: true });
    await expect(days).toHaveCount(2);
    for (const day of await days.all()) {
      // Drawn inside the SVG, the days shrank with it: 4 px high on a phone.
      expect((await day.boundingBox())!.height).toBeGreaterThanOrEqual(12);
    }
  });

  test('@mobile the new pages have no serious or critical axe findings', async ({ page }) => {
    for (const path of [
      '/dashboard/overview',
      '/dashboard/manageOrders?status=paid',
      '/dashboard/makeAdmin?q=example',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('progressbar').or(page.getByRole('status', { name: /Loading/ })),
      ).toHaveCount(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('@mobile Show more by keyboard keeps the focus while the page loads, then puts it on the first row it brought', async ({
    page,
    playwright,
  }) => {
    // 26 accounts of one search: a page of 25 and one more, the oldest.
    const stamp = `pager${Date.now().toString(36)}`;
    const api = await playwright.request.newContext({ baseURL: storeURL });
    const emails: string[] = [];
    for (let i = 0; i < 26; i += 1) {
      const account = await createAccount(api, {
        name: 'Paged Account',
        email: uniqueEmail(stamp),
        password: PASSWORD,
      });
      emails.push(account.email);
    }
    await api.dispose();
    // The next page waits until the test has seen the button while it loads.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/users\?.*cursor=/, async (route) => {
      await released;
      await route.fallback();
    });

    await page.goto(`/dashboard/makeAdmin?q=${stamp}`);
    await expect(page.getByText('Showing 25 of 26 accounts')).toBeVisible();
    const more = page.getByRole('button', { name: 'Show more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await expect(more).toBeFocused();
    release();

    await expect(page.getByText('Showing 26 of 26 accounts')).toBeVisible();
    await expect(more).toHaveCount(0);
    const rows = page
      .getByRole('table', { name: 'Users and their roles' })
      .or(page.getByRole('list', { name: 'Users and their roles' }))
      .filter({ visible: true })
      .locator('tbody tr, li');
    const brought = rows.nth(25);
    await expect(brought).toContainText(emails[0]!);
    await expect(brought).toBeFocused();
    // The next Tab goes on from there, into the row.
    await page.keyboard.press('Tab');
    await expect(brought.getByRole('button', { name: `Make Admin: ${emails[0]}` })).toBeFocused();
  });

  test('@mobile a refund that failed for now leaves the focus on Yes, refund, to press again', async ({
    page,
    playwright,
  }) => {
    const order = await orderAsNewCustomer(playwright, page.request, { paid: true, toolIndex: -2 });
    await page.route('**/api/order/*/refund', failOnce());
    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(order.account.email)}`);
    await ordersList(page)
      .getByRole('button', { name: /^Refund / })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    const yes = dialog.getByRole('button', { name: 'Yes, refund' });
    await page.keyboard.press('Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(BUSY)).toBeVisible();
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Order refunded')).toBeVisible();
  });

  test('@mobile by keyboard, Pending keeps the focus after a failure; shipped or refunded, the heading takes it', async ({
    page,
    playwright,
  }) => {
    const toShip = await orderAsNewCustomer(playwright, page.request, { paid: true, toolIndex: -2 });
    const toRefund = await orderAsNewCustomer(playwright, page.request, { paid: true, toolIndex: -2 });
    const heading = page.getByRole('heading', { level: 1, name: 'Manage Orders' });
    await page.route('**/api/shiftNow/*', failOnce());

    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(toShip.account.email)}`);
    const pending = ordersList(page).getByRole('button', { name: /^Pending: mark/ });
    await pending.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, BUSY)).toBeVisible();
    await expect(pending).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Successfully Update Shifting')).toBeVisible();
    await expect(ordersList(page)).toContainText('Ready For Shifting');
    await expect(heading).toBeFocused();

    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(toRefund.account.email)}`);
    await ordersList(page)
      .getByRole('button', { name: /^Refund / })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Yes, refund' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Order refunded')).toBeVisible();
    await expect(ordersList(page)).toContainText('Refunded');
    await expect(heading).toBeFocused();
  });
});
