// The admin console (Manage Orders, Add Products, Make Admin, Manage Products, Audit Log) and the
// customer's Add A Review form, driven in the browser against the real server. Orders are set up
// through the API, paid through the sandbox gateway with Stripe's test card.
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import type { Tool } from '#shared/schemas/tool.ts';
import {
  adminAccount,
  createAccount,
  newAccount,
  PASSWORD,
  seriousViolations,
  storeURL,
  uniqueEmail,
  newApiCustomer,
  type ApiCustomer,
  signInPage,
  verifyEmail,
} from '#tests/fixtures/e2e-helpers.ts';

const origin = { origin: storeURL };

const newCustomer = (playwright: PlaywrightWorkerArgs['playwright'], name: string) =>
  newApiCustomer(playwright, name, 'cust');

async function catalogue(request: APIRequestContext): Promise<Tool[]> {
  const response = await request.get('/api/tools');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Tool[];
}

/** The catalogue's tools with stock to spare: other journeys add tools with little stock, and sell it. */
async function stocked(request: APIRequestContext): Promise<Tool[]> {
  return (await catalogue(request)).filter((tool) => tool.availableQuantity >= 10 * tool.minimumOrder);
}

/** POST /purchase of the tool's minimum order; answers the new order's id. */
async function buy(customer: ApiCustomer, tool: Tool): Promise<string> {
  const response = await customer.api.post('/api/purchase', {
    headers: customer.headers,
    data: {
      toolsId: tool._id,
      phone: '+1 555 0100',
      address: '1 Quarry Road, Sheffield',
      quantity: tool.minimumOrder,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { acknowledged: boolean; insertedId?: string };
  expect(body.acknowledged).toBe(true);
  return body.insertedId!;
}

/** Pays the order as the payment page does: intent, sandbox card confirmation, PATCH /order/{id}. */
async function pay(customer: ApiCustomer, orderId: string): Promise<void> {
  const intent = await customer.api.post('/api/create-payment-intent', {
    headers: customer.headers,
    data: { orderId },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await customer.api.post('/api/payments/sandbox/confirm', {
    headers: customer.headers,
    data: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const { id: transactionId } = (await confirm.json()) as { id: string };
  const paid = await customer.api.patch(`/api/order/${orderId}`, {
    headers: customer.headers,
    data: { appointment: orderId, transactionId },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** An admin list by its name: a table from the md breakpoint, a list of cards below it. */
function adminList(page: Page, name: string): Locator {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name })).filter({ visible: true });
}

/** The rows (or cards) of an admin list that contain every one of the texts. */
function entries(list: Locator, ...texts: string[]): Locator {
  return texts.reduce((found, text) => found.filter({ hasText: text }), list.locator('tr, li'));
}

/** The column headings, where the list is a table (the cards name each value instead). */
async function expectColumns(page: Page, name: string, columns: readonly string[]): Promise<void> {
  const table = page.getByRole('table', { name });
  if (!(await table.isVisible())) return;
  for (const column of columns) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
}

test.describe('admin console', () => {
  let adminToken = '';
  test.beforeEach(async ({ page }) => {
    adminToken = await signInPage(page, adminAccount);
  });

  test('@mobile an admin marks a paid order ready for shifting; an unpaid one has no action', async ({
    page,
    playwright,
  }) => {
    const tools = await stocked(page.request);
    const [paidTool, unpaidTool] = [tools.at(-1)!, tools.at(-2)!];
    const buyer = await newCustomer(playwright, 'Brunel Buyer');
    const paidOrder = await buy(buyer, paidTool);
    await pay(buyer, paidOrder);
    await buy(buyer, unpaidTool);

    await page.goto('/dashboard/manageOrders');
    await expect(heading(page, 'Manage Orders')).toBeVisible();
    await expectColumns(page, 'All orders', [
      '#',
      'Buyer Name',
      'Product Name',
      'Quantity',
      'Price',
      'Payment',
      'Payment Status',
    ]);
    const orders = adminList(page, 'All orders');
    const paidRow = entries(orders, buyer.account.email, paidTool.name);
    const unpaidRow = entries(orders, buyer.account.email, unpaidTool.name);

    await expect(unpaidRow.getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(unpaidRow.getByRole('button')).toHaveCount(0);
    await expect(unpaidRow).toContainText('Awaiting payment');

    await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidRow).toContainText(buyer.account.name);
    await paidRow.getByRole('button', { name: 'Pending' }).click();
    await expect(toast(page, 'Successfully Update Shifting')).toBeVisible();
    await expect(paidRow).toContainText('Ready For Shifting');
    await expect(paidRow.getByRole('button')).toHaveCount(0);

    // Stored, and never reversed: after a reload it is still ready, with nothing to press.
    await page.reload();
    await expect(paidRow).toContainText('Ready For Shifting');
    await expect(paidRow.getByRole('button')).toHaveCount(0);
    await buyer.api.dispose();
  });

  test('@mobile an admin refunds a paid order after a confirmation; the customer sees Refunded', async ({
    page,
    browser,
    playwright,
  }) => {
    const tools = await stocked(page.request);
    const tool = tools.at(-3)!;
    const buyer = await newCustomer(playwright, 'Rhoda Refund');
    const orderId = await buy(buyer, tool);
    await pay(buyer, orderId);

    await page.goto('/dashboard/manageOrders');
    await expect(heading(page, 'Manage Orders')).toBeVisible();
    const row = entries(adminList(page, 'All orders'), buyer.account.email, tool.name);
    await row.getByRole('button', { name: `Refund ${tool.name} for ${buyer.account.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(buyer.account.name);
    await page.screenshot({ path: test.info().outputPath('refund-dialog.png') });
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await expect(toast(page, 'Order refunded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Refunded');
    await expect(row.getByRole('button')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('manage-orders-refunded.png'), fullPage: true });

    // The customer's My Orders says so, in words.
    const context = await browser.newContext({ viewport: page.viewportSize() });
    const customerPage = await context.newPage();
    await signInPage(customerPage, buyer.account);
    await customerPage.goto('/dashboard/myOrders');
    const mine = customerPage.getByRole('main');
    const order = mine.locator('tr, li, article').filter({ visible: true }).filter({ hasText: tool.name });
    await expect(order.getByText('Refunded', { exact: true })).toBeVisible();
    await customerPage.screenshot({ path: test.info().outputPath('my-orders-refunded.png'), fullPage: true });
    await context.close();
    await buyer.api.dispose();
  });

  test('at 1280 px a buyer’s long unbroken name and email wrap, so Pending, Refund and Make Admin stay in view', async ({
    page,
    playwright,
  }) => {
    expect(page.viewportSize()?.width).toBe(1280);
    const tool = (await stocked(page.request)).at(-4)!;
    // A spreadsheet formula as a name (43 characters, no space) and a 60-character local part.
    const name = '=HYPERLINK("http://evil.example","click")';
    const buyer = await newApiCustomer(playwright, name, `long${'x'.repeat(40)}`);
    const email = buyer.account.email;
    await pay(buyer, await buy(buyer, tool));

    /** The control's box lies inside the viewport and inside the list's box, which needs no sideways scroll. */
    const expectInView = async (list: Locator, control: Locator) => {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      const frame = await list.evaluate((element) => {
        const scroller = element.closest('.overflow-x-auto') ?? element;
        const rect = scroller.getBoundingClientRect();
        return { left: rect.left, right: rect.right, overflow: scroller.scrollWidth - scroller.clientWidth };
      });
      if (!box) throw new Error('the control has no box');
      expect(box.x).toBeGreaterThanOrEqual(frame.left);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(1280, frame.right));
      expect(frame.overflow, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    };

    await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(email)}`);
    const orders = page.getByRole('table', { name: 'All orders' });
    const row = entries(orders, email, tool.name);
    await expect(row).toContainText(name);
    await expectInView(orders, row.getByRole('button', { name: 'Pending' }));
    await expectInView(orders, row.getByRole('button', { name: `Refund ${tool.name} for ${name}` }));
    await page.screenshot({ path: test.info().outputPath('manage-orders-long-buyer.png') });

    await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(email)}`);
    const users = page.getByRole('table', { name: 'Users and their roles' });
    await expectInView(users, entries(users, email).getByRole('button', { name: 'Make Admin' }));
    await buyer.api.dispose();
  });

  test('an admin adds a product: the server’s field message shows, then the product is on sale', async ({
    page,
  }) => {
    const [model] = await catalogue(page.request);
    const name = `Torque MX-${Date.now().toString(36).toUpperCase()} Magnetic Drill`;
    await page.goto('/dashboard/addProducts');
    await expect(heading(page, 'Add Products')).toBeVisible();
    const form = page.getByRole('form', { name: 'Add a product' });

    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Description is required')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();

    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Minimum Order').fill('5');
    await form.getByLabel('Available Quantity').fill('75');
    await form.getByLabel('Price').fill('9.999');
    await form.getByLabel('Image URL').fill(model!.img);
    await form
      .getByLabel('Description')
      .fill('A magnetic base drill for steel fabrication, with a 40 mm core.');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByLabel('Price')).toHaveAccessibleDescription(/At most 2 decimals/);
    await expect(form.getByText('Name is required')).toHaveCount(0);

    await form.getByLabel('Price').fill('249.5');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Successfully add Product')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Price')).toHaveValue('');

    const added = (await catalogue(page.request)).find((tool) => tool.name === name);
    expect(added).toMatchObject({ minimumOrder: 5, availableQuantity: 75, price: 249.5, img: model!.img });
    // The tools query was invalidated: the catalogue shows it without a reload.
    await page.getByRole('link', { name: 'Manage Products', exact: true }).filter({ visible: true }).click();
    await expect(entries(adminList(page, 'Products in the catalogue'), name)).toContainText('$249.50');
  });

  test('an admin makes a customer an admin, once the customer has confirmed their email', async ({
    page,
    playwright,
  }) => {
    const customer = await newCustomer(playwright, 'Mary Anning');
    const isAdmin = async () =>
      (
        (await (
          await customer.api.get(`/api/admin/${encodeURIComponent(customer.account.email)}`, {
            headers: customer.headers,
          })
        ).json()) as { admin: boolean }
      ).admin;
    // The accounts come a page at a time, newest first: after a whole run's sign-ups, an account is
    // found as an admin finds it, by searching (the search is in the address).
    await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(adminAccount.email)}`);
    await expect(heading(page, 'Make Admin')).toBeVisible();
    await expectColumns(page, 'Users and their roles', ['#', 'Email', 'Action']);
    const users = adminList(page, 'Users and their roles');
    const own = entries(users, adminAccount.email);
    await expect(own).toContainText('Admin');
    await expect(own).not.toContainText('not confirmed');
    await expect(own.getByRole('button')).toHaveCount(0);

    // Not confirmed yet: anyone could have signed up with the address. The list says so, and the
    // button explains instead of promoting.
    await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(customer.account.email)}`);
    const row = entries(users, customer.account.email);
    await expect(row).toContainText('not confirmed');
    await row.getByRole('button', { name: 'Make Admin' }).click();
    const unconfirmed = page.getByRole('dialog', {
      name: `${customer.account.email} has not confirmed their email address yet`,
    });
    await expect(unconfirmed).toContainText('they can send the link again from My Profile');
    await expect(unconfirmed.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    await unconfirmed.getByRole('button', { name: 'Close' }).click();
    await expect(unconfirmed).toBeHidden();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toBeFocused();
    expect(await isAdmin()).toBe(false);

    await verifyEmail(customer.api, customer.account.email);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('not confirmed');
    await row.getByRole('button', { name: 'Make Admin' }).click();
    // It asks first; store-operations.spec.ts checks that Cancel does nothing.
    const dialog = page.getByRole('dialog', { name: `Make ${customer.account.email} an admin?` });
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Successfully make admin')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(row).toContainText('Admin');

    // The server agrees: the promoted customer now passes the admin check.
    expect(await isAdmin()).toBe(true);
    await customer.api.dispose();
  });

  test('on a phone an account’s email wraps after its @ or before a dot, never inside a name', async ({
    page,
    playwright,
  }) => {
    const email = `john.smith.${uniqueEmail('').split('@')[0]}@acme-industrial-tools.co.uk`;
    const api = await playwright.request.newContext({ baseURL: storeURL });
    await createAccount(api, { name: 'John Smith', email, password: PASSWORD });
    await api.dispose();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(email)}`);
    const shown = entries(adminList(page, 'Users and their roles'), email).getByText(email, { exact: true });
    await expect(shown).toBeVisible();
    // Where each line of the address ends: the characters on either side of every break.
    const breaks = await shown.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const chars: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ char: node.textContent![i]!, top: range.getBoundingClientRect().top });
        }
      }
      return chars.slice(1).flatMap((c, i) => (c.top > chars[i]!.top + 1 ? [chars[i]!.char + c.char] : []));
    });
    // At 390 px the address takes more than one line; before, it broke at the card's edge (john.smi|th).
    expect(breaks.length).toBeGreaterThan(0);
    for (const pair of breaks)
      expect(pair[0] === '@' || pair[1] === '.', `broke between "${pair}"`).toBe(true);
  });

  test('an admin deletes a product after confirming; it leaves the list and the home page', async ({
    page,
  }) => {
    const tools = await catalogue(page.request);
    // The sixth is the last on the home page, so its place there goes to the seventh.
    const [doomed, next] = [tools[5]!, tools[6]!];
    await page.goto('/dashboard/manageProducts');
    await expect(heading(page, 'Manage Products')).toBeVisible();
    await expectColumns(page, 'Products in the catalogue', [
      '#',
      'Name',
      'Minimum Order',
      'Available Quantity',
      'Price',
    ]);
    const row = entries(adminList(page, 'Products in the catalogue'), doomed.name);
    const deleteButton = row.getByRole('button', { name: 'Delete' });

    // Keep it: nothing happens, and focus returns to the button.
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this product?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(doomed.name);
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row).toBeVisible();

    // Escape also keeps it.
    await deleteButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toast(page, 'Successfully Delete Product')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(heading(page, 'Manage Products')).toBeFocused();
    expect((await catalogue(page.request)).some((tool) => tool._id === doomed._id)).toBe(false);

    await page.goto('/');
    const homeTools = page.locator('#tools');
    await expect(homeTools.getByRole('heading', { name: next.name })).toBeVisible();
    await expect(homeTools.getByText(doomed.name)).toHaveCount(0);
  });

  test('the sidebar shows an admin the admin links', async ({ page }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['My Profile', 'Manage Orders', 'Add Products', 'Make Admin', 'Manage Products']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['My Orders', 'Add Review']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  test('the audit log names each admin action in words', async ({ page, playwright }) => {
    const customer = await newCustomer(playwright, 'Ida Audit');
    // Make Admin waits for a confirmed address.
    await verifyEmail(customer.api, customer.account.email);
    await customer.api.dispose();
    const promote = await page.request.put(`/api/user/admin/${encodeURIComponent(customer.account.email)}`, {
      headers: { ...origin, Authorization: `Bearer ${adminToken}` },
    });
    expect(promote.ok(), await promote.text()).toBe(true);

    await page.goto('/dashboard/audit');
    await expect(heading(page, 'Audit Log')).toBeVisible();
    await expectColumns(page, 'Admin actions, newest first', ['When', 'Who', 'Action', 'Target']);
    const row = entries(adminList(page, 'Admin actions, newest first'), customer.account.email);
    await expect(row).toContainText('Made admin');
    await expect(row).toContainText(adminAccount.email);
    expect(await seriousViolations(page), '/dashboard/audit').toEqual([]);
  });

  test('@mobile every admin page passes axe with no serious or critical findings', async ({ page }) => {
    // Six page loads and seven axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const pages: [string, string][] = [
      ['/dashboard/manageOrders', 'Manage Orders'],
      ['/dashboard/addProducts', 'Add Products'],
      ['/dashboard/makeAdmin', 'Make Admin'],
      ['/dashboard/manageProducts', 'Manage Products'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }

    // With their error messages and their dialog showing, too.
    await page.goto('/dashboard/addProducts');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page), 'Add Products with errors').toEqual([]);

    await page.goto('/dashboard/manageProducts');
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Delete this product?' })).toBeVisible();
    expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  });
});

test.describe('add a review', () => {
  test('@mobile a customer’s review: the four messages, then a toast and the review on the home page', async ({
    page,
  }) => {
    const account = { ...newAccount('Hedy Lamarr'), email: uniqueEmail('cust') };
    await signInPage(page, account);
    const [tool] = await catalogue(page.request);
    const opinion = `Ran it all week on site without a hiccup (${Date.now().toString(36)}).`;

    await page.goto('/dashboard/addReview');
    await expect(heading(page, 'Add A Review')).toBeVisible();
    const form = page.getByRole('form', { name: 'Your review' });
    await form.getByRole('button', { name: 'Add Review' }).click();
    for (const message of [
      'Profession is required',
      'ProductName is required',
      'Ratings is required',
      'message address is required',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Profession')).toBeFocused();
    expect(await seriousViolations(page), 'Add A Review with its messages').toEqual([]);

    await form.getByLabel('Profession').fill('Steel erector');
    await form.getByLabel('Product Name').fill(tool!.name);
    // The stars are a radio group: keyboard from the first star to the fourth.
    const stars = form.getByRole('group', { name: 'Ratings' });
    await stars.getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form.getByText('Ratings is required')).toHaveCount(0);
    await form.getByLabel('Opinions').fill(opinion);
    await form.getByRole('button', { name: 'Add Review' }).click();

    await expect(toast(page, 'Successfully added Review')).toBeVisible();
    await expect(form.getByLabel('Profession')).toHaveValue('');
    await expect(form.getByLabel('Product Name')).toHaveValue('');
    await expect(form.getByLabel('Opinions')).toHaveValue('');
    await expect(stars.getByRole('radio', { checked: true })).toHaveCount(0);

    // Newest first: the first slide of the carousel, under the account's own name.
    await page.goto('/');
    const review = page.locator('#reviews').getByRole('article').filter({ hasText: opinion });
    await expect(review).toBeVisible();
    await expect(review).toContainText(account.name);
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(review).not.toContainText('Verified buyer');
  });

  test('a review of a product the customer paid for shows Verified buyer', async ({ page, playwright }) => {
    const buyer = await newCustomer(playwright, 'Grace Builder');
    const tool = (await stocked(buyer.api)).at(-3)!;
    await pay(buyer, await buy(buyer, tool));
    const opinion = `Paid for and proven (${Date.now().toString(36)}).`;
    const review = await buyer.api.post('/api/review', {
      headers: buyer.headers,
      data: { profession: 'Joiner', productName: tool.name, ratings: 5, opinions: opinion },
    });
    expect(review.ok(), await review.text()).toBe(true);
    await buyer.api.dispose();

    await page.goto('/');
    const card = page.locator('#reviews').getByRole('article').filter({ hasText: opinion });
    await expect(card).toContainText('Verified buyer');
  });

  test('the sidebar shows a customer the customer links, and Add A Review passes axe', async ({ page }) => {
    await signInPage(page, { ...newAccount('Katherine Johnson'), email: uniqueEmail('cust') });
    await page.goto('/dashboard/addReview');
    await expect(heading(page, 'Add A Review')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['My Profile', 'My Orders', 'Add Review']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Manage Orders', 'Add Products', 'Make Admin', 'Manage Products']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    expect(await seriousViolations(page), 'Add A Review').toEqual([]);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Ratings is required')).toBeVisible();
    expect(await seriousViolations(page), 'Add A Review with errors').toEqual([]);
  });
});
