// Store operations in the browser against the built store: restocking and editing a
// product, deleting a review, Make Admin's confirmation, and the newsletter box. Set-up (a tool, an
// order, a review, a customer) goes through the API; what the admin and the visitor do, through pages.
import { readFileSync } from 'node:fs';
import {
  expect,
  test,
  type Download,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import type { Tool } from '#shared/schemas/tool.ts';
import {
  appTookOver,
  adminAccount,
  latestMail,
  seriousViolations,
  storeURL,
  uniqueEmail,
  newApiCustomer,
  signInPage,
  verifyEmail,
} from '#tests/fixtures/e2e-helpers.ts';

const origin = { origin: storeURL };

const newCustomer = (playwright: PlaywrightWorkerArgs['playwright'], name: string) =>
  newApiCustomer(playwright, name, 'ops');

const bearer = (token: string) => ({ ...origin, Authorization: `Bearer ${token}` });

/** A tool of this journey's own, added as the admin through POST /addTool. */
async function addTool(page: Page, token: string, values: Partial<Tool> = {}): Promise<Tool> {
  const name = `Torque OPS-${Date.now().toString(36).toUpperCase()} Bench Grinder`;
  const body = {
    name,
    minimumOrder: 3,
    availableQuantity: 5,
    price: 40,
    img: '/images/tools/cordless-drill-driver.svg',
    description: 'A grinder for the store operations journeys.',
    category: 'bench-grinders',
    ...values,
  };
  const added = await page.request.post('/api/addTool', { headers: bearer(token), data: body });
  expect(added.ok(), await added.text()).toBe(true);
  const id = ((await added.json()) as { insertedId: string }).insertedId;
  return (await (await page.request.get(`/api/tool/${id}`)).json()) as Tool;
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** An admin list by its name: a table on wide screens, a list of cards on narrow ones. */
function adminList(page: Page, name: string): Locator {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name })).filter({ visible: true });
}

function entries(list: Locator, ...texts: string[]): Locator {
  return texts.reduce((found, text) => found.filter({ hasText: text }), list.locator('tr, li'));
}

/**
 * Opens a tool's edit form from Manage Products and waits for the app to take it over (a page drawn
 * by the server resets what is typed before): Update with nothing changed gets the app's answer.
 */
async function openEditForm(page: Page, tool: Tool): Promise<Locator> {
  await page.goto(`/dashboard/manageProducts?q=${encodeURIComponent(tool.name)}`);
  const row = entries(adminList(page, 'Products in the catalogue'), tool.name);
  await row.getByRole('link', { name: `Edit ${tool.name}` }).click();
  await expect(page).toHaveURL(`/dashboard/editProduct/${tool._id}`);
  await expect(heading(page, 'Edit Product')).toBeVisible();
  const form = page.getByRole('form', { name: `Edit ${tool.name}` });
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(form.getByText('Nothing has changed yet.')).toBeVisible();
  return form;
}

test.describe('store operations', () => {
  let adminToken = '';
  test.beforeEach(async ({ page }) => {
    adminToken = await signInPage(page, adminAccount);
  });

  test('@mobile an admin restocks a low tool from Manage Products; a buyer then takes more than the old stock', async ({
    page,
    playwright,
  }) => {
    // 5 left of a minimum order of 3: under twice the minimum.
    const tool = await addTool(page, adminToken);
    await page.goto(`/dashboard/manageProducts?q=${encodeURIComponent(tool.name)}`);
    const row = entries(adminList(page, 'Products in the catalogue'), tool.name);
    await expect(row.getByText('Low stock', { exact: true })).toBeVisible();

    const form = await openEditForm(page, tool);
    await expect(form.getByLabel('Available Quantity')).toHaveValue('5');
    expect(await seriousViolations(page)).toEqual([]);
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(tool.name);
    await form.getByLabel('Available Quantity').fill('500');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, `Successfully updated ${tool.name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    // The form that had focus is gone: the page's heading has it, not the top of the page.
    await expect(heading(page, 'Manage Products')).toBeFocused();
    await page.goto(`/dashboard/manageProducts?q=${encodeURIComponent(tool.name)}`);
    await expect(row).toContainText('500');
    await expect(row.getByText('Low stock', { exact: true })).toHaveCount(0);

    const buyer = await newCustomer(playwright, 'Rhea Restock');
    const bought = await buyer.api.post('/api/purchase', {
      headers: buyer.headers,
      data: { toolsId: tool._id, phone: '+1 555 0100', address: '1 Quarry Road', quantity: 120 },
    });
    expect(await bought.json()).toMatchObject({ acknowledged: true });
    expect(((await (await page.request.get(`/api/tool/${tool._id}`)).json()) as Tool).availableQuantity).toBe(
      380,
    );
    await buyer.api.dispose();
  });

  test('an admin edits a price: the product page shows it, an older order keeps its own', async ({
    page,
    playwright,
  }) => {
    const tool = await addTool(page, adminToken, { availableQuantity: 100 });
    const buyer = await newCustomer(playwright, 'Otto Older');
    const bought = await buyer.api.post('/api/purchase', {
      headers: buyer.headers,
      data: { toolsId: tool._id, phone: '+1 555 0100', address: '1 Quarry Road', quantity: 3 },
    });
    const orderId = ((await bought.json()) as { insertedId: string }).insertedId;

    const form = await openEditForm(page, tool);
    await form.getByLabel('Price', { exact: false }).fill('55.5');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, `Successfully updated ${tool.name}`)).toBeVisible();

    await page.goto(`/tools/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$55.50');
    await expect(page.getByRole('main')).not.toContainText('$40.00');
    // Only the price changed: the rest of the tool is as it was.
    expect(await (await page.request.get(`/api/tool/${tool._id}`)).json()).toEqual({
      ...tool,
      price: 55.5,
      availableQuantity: 97,
    });

    const order = await buyer.api.get(`/api/myOrder/${orderId}`, { headers: buyer.headers });
    expect(await order.json()).toMatchObject({ productPrice: 40, totalPrice: 120 });
    await buyer.api.dispose();
  });

  test('two admins edit one product: the later save is refused and says why; reloaded, it saves, and Manage Products shows it at once', async ({
    page,
  }) => {
    const tool = await addTool(page, adminToken, {
      name: `Torque AA-${Date.now().toString(36).toUpperCase()} Bench Grinder`,
      price: 145,
      description: 'As first written.',
    });
    // Manage Products as the admin last saw it (the list Update goes back to): $145.
    await page.goto('/dashboard/manageProducts');
    const list = adminList(page, 'Products in the catalogue');
    const row = entries(list, tool.name);
    await expect(row).toContainText('$145.00');
    await appTookOver(page, 'main table');
    await row.getByRole('link', { name: `Edit ${tool.name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${tool.name}` });
    await expect(form.getByLabel('Price', { exact: false })).toHaveValue('145');

    // Another admin opens the same product and saves $150 first.
    const opened = await page.request.get(`/api/tool/${tool._id}`);
    const saved = await page.request.patch(`/api/tool/${tool._id}`, {
      headers: { ...bearer(adminToken), 'If-Match': opened.headers().etag! },
      data: { price: 150 },
    });
    expect(saved.status()).toBe(200);

    // This admin's form still says $145: their save changes nothing, and says why.
    await form.getByLabel('Price', { exact: false }).fill('140');
    await form.getByLabel('Description').fill('A new description.');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'This product was changed since you opened it, by another admin or by a sale. Your changes were not saved: reload to see its current values.',
    );
    await expect(toast(page, 'Successfully updated')).toHaveCount(0);
    await expect(page).toHaveURL(`/dashboard/editProduct/${tool._id}`);
    expect(await (await page.request.get(`/api/tool/${tool._id}`)).json()).toMatchObject({
      price: 150,
      description: 'As first written.',
    });

    await form.getByRole('button', { name: 'Reload the product' }).press('Enter');
    // The price both admins changed shows B's; A's description, which B left alone, is kept.
    await expect(form.getByLabel('Price', { exact: false })).toHaveValue('150');
    await expect(form.getByLabel('Description')).toHaveValue('A new description.');
    await expect(form.getByRole('button', { name: 'Reload the product' })).toHaveCount(0);
    // The keyboard is back at the form's start, not lost with the removed Reload button.
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();

    // Manage Products' list is read again slowly: what it shows at once is what the app kept.
    await page.route('**/api/catalogue?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.fallback();
    });
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, `Successfully updated ${tool.name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    await expect(row).toContainText('$150.00', { timeout: 1_500 });
    await expect(row).not.toContainText('$145.00');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await (await page.request.get(`/api/tool/${tool._id}`)).json()).toMatchObject({
      price: 150,
      description: 'A new description.',
    });
  });

  test("a sale while an admin fixes the description: the save goes through at once, and keeps the sale's stock", async ({
    page,
    playwright,
  }) => {
    // The journey's own tool, with stock to spare for the sale.
    const tool = await addTool(page, adminToken, { availableQuantity: 100 });
    const form = await openEditForm(page, tool);
    await expect(form.getByLabel('Available Quantity')).toHaveValue('100');

    const buyer = await newCustomer(playwright, 'Sally Sale');
    const bought = await buyer.api.post('/api/purchase', {
      headers: buyer.headers,
      data: { toolsId: tool._id, phone: '+1 555 0100', address: '1 Quarry Road', quantity: 4 },
    });
    expect(await bought.json()).toMatchObject({ acknowledged: true });
    await buyer.api.dispose();

    const saves: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith(`/api/tool/${tool._id}`)) {
        saves.push(response.status());
      }
    });
    await form.getByLabel('Description').fill('A bench grinder with spark guards.');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, `Successfully updated ${tool.name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    await expect(
      page.getByText('This product was changed since you opened it', { exact: false }),
    ).toHaveCount(0);
    // The first save named the version from before the sale; the form merged and saved again.
    expect(saves).toEqual([412, 200]);

    await page.goto(`/tools/${tool._id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('A bench grinder with spark guards.')).toBeVisible();
    await expect(main.locator('dl > div').filter({ hasText: 'Available Quantity' }).locator('dd')).toHaveText(
      '96',
    );
  });

  test('a save of a product deleted meanwhile says it is not in the catalogue any more', async ({ page }) => {
    const tool = await addTool(page, adminToken);
    const form = await openEditForm(page, tool);
    const deleted = await page.request.delete(`/api/tool/${tool._id}`, { headers: bearer(adminToken) });
    expect(await deleted.json()).toMatchObject({ deletedCount: 1 });
    await form.getByLabel('Price', { exact: false }).fill('41');
    await form.getByRole('button', { name: 'Update' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(
      'This product is not in the catalogue any more. Back to Manage Products',
    );
    await expect(form).toHaveCount(0);
    await expect(main).not.toContainText('No tool with this id.');
    await main.getByRole('link', { name: 'Back to Manage Products' }).click();
    await expect(heading(page, 'Manage Products')).toBeVisible();
  });

  test('an added product is in Manage Products as soon as the list shows', async ({ page }) => {
    await page.goto('/dashboard/manageProducts');
    const list = adminList(page, 'Products in the catalogue');
    await expect(list).toBeVisible();
    await appTookOver(page, 'main table');
    const sidebarLink = (name: string) =>
      page.getByRole('link', { name, exact: true }).filter({ visible: true });
    await sidebarLink('Add Products').click();
    const form = page.getByRole('form', { name: 'Add a product' });
    const name = `Torque AA-${Date.now().toString(36).toUpperCase()} Added Grinder`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Minimum Order').fill('2');
    await form.getByLabel('Available Quantity').fill('20');
    await form.getByLabel('Price').fill('61');
    await form.getByLabel('Image URL').fill('/images/tools/cordless-drill-driver.svg');
    await form.getByLabel('Description').fill('Added while Manage Products was kept.');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Successfully add Product')).toBeVisible();

    // The list is read again slowly: it must not show itself without the new product meanwhile.
    await page.route('**/api/catalogue?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.fallback();
    });
    await sidebarLink('Manage Products').click();
    await expect(list).toBeVisible({ timeout: 10_000 });
    await expect(entries(list, name)).toContainText('$61.00', { timeout: 1_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('@mobile an admin deletes a review after confirming; the home carousel no longer shows it', async ({
    page,
    browser,
    playwright,
  }) => {
    const author = await newCustomer(playwright, 'Banana Fan');
    const opinion = `Banana Phone 3000 rings ${Date.now().toString(36)}`;
    const posted = await author.api.post('/api/review', {
      headers: author.headers,
      data: { profession: 'Prankster', productName: 'Banana Phone 3000', ratings: 5, opinions: opinion },
    });
    expect(posted.ok(), await posted.text()).toBe(true);

    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.getByText(opinion).first()).toBeVisible();

    await page.goto('/dashboard/reviews');
    await expect(heading(page, 'Reviews')).toBeVisible();
    const row = entries(adminList(page, 'Reviews, newest first'), opinion);
    // The list is read after the page is drawn: a loaded machine may take a while.
    await expect(row).toContainText(author.account.name, { timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await row
      .getByRole('button', { name: `Delete the review by ${author.account.name} of Banana Phone 3000` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this review?' });
    await expect(dialog).toContainText('will leave the home page');
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toast(page, `Deleted the review by ${author.account.name}`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // A visitor's page is drawn at most once a second: the next drawing leaves the review out.
    await expect(async () => {
      await visitor.reload();
      await expect(visitor.getByRole('heading', { name: 'What Our Clients Says?' })).toBeVisible();
      await expect(visitor.getByText(opinion)).toHaveCount(0);
    }).toPass({ timeout: 10_000 });
    await visitor.close();
    await author.api.dispose();
  });

  test('@mobile the reviews list fits its page: every column, Delete too, shows without scrolling sideways', async ({
    page,
    playwright,
  }) => {
    const author = await newCustomer(playwright, 'Wilhelmina Longreview-Fitzgerald');
    const stamp = Date.now().toString(36);
    const opinion = `Sturdy ${'and dependable on every site '.repeat(12)}${stamp}`;
    const posted = await author.api.post('/api/review', {
      headers: author.headers,
      data: {
        profession: 'Site Foreman',
        productName: 'Heavy-Duty Hydraulic Pipe Bender Deluxe',
        ratings: 4,
        opinions: opinion,
      },
    });
    expect(posted.ok(), await posted.text()).toBe(true);

    await page.goto('/dashboard/reviews');
    const list = adminList(page, 'Reviews, newest first');
    const row = entries(list, stamp);
    await expect(row).toContainText(author.account.name, { timeout: 15_000 });
    const remove = row.getByRole('button', { name: `Delete the review by ${author.account.name}` });
    await expect(remove).toBeVisible();

    // Neither the page nor the table's frame scrolls sideways, and Delete lies inside both.
    const width = page.viewportSize()?.width ?? 0;
    const sideways = await list.evaluate((element) => {
      const frame = element.closest('[role="region"]') ?? element;
      const root = document.documentElement;
      return { page: root.scrollWidth - root.clientWidth, frame: frame.scrollWidth - frame.clientWidth };
    });
    expect(sideways).toEqual({ page: 0, frame: 0 });
    const button = await remove.boundingBox();
    const frame = await list.boundingBox();
    if (!button || !frame) throw new Error('the list or its Delete button has no box');
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(Math.min(width, frame.x + frame.width));
    await author.api.dispose();
  });

  test('@mobile Make Admin asks first: Cancel changes nothing, confirming promotes', async ({
    page,
    playwright,
  }) => {
    const customer = await newCustomer(playwright, 'Carla Candidate');
    const email = customer.account.email;
    // Make Admin waits for a confirmed address (admin.spec.ts checks the refusal).
    await verifyEmail(customer.api, email);
    const isAdmin = async () =>
      (
        (await (
          await customer.api.get(`/api/admin/${encodeURIComponent(email)}`, { headers: customer.headers })
        ).json()) as {
          admin: boolean;
        }
      ).admin;

    await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(email)}`);
    const row = entries(adminList(page, 'Users and their roles'), email);
    await row.getByRole('button', { name: 'Make Admin' }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${email} an admin?` });
    await expect(dialog).toContainText('They will be able to manage orders, products and admins.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    expect(await isAdmin()).toBe(false);

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Successfully make admin')).toBeVisible();
    await expect(row).toContainText('Admin');
    await expect(row.getByRole('button')).toHaveCount(0);
    // The button went with the promotion: the page's heading has the focus.
    await expect(heading(page, 'Make Admin')).toBeFocused();
    expect(await isAdmin()).toBe(true);
    await customer.api.dispose();
  });

  test('the newsletter box mails a link; the address is on the admin’s CSV once its owner opens it', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('news');
    const visitor = await browser.newPage();
    await visitor.goto('/');
    const box = visitor.getByRole('form', { name: 'Sign up for trade offers' });
    const signUp = async (name: string) => {
      await box.getByLabel('Name', { exact: true }).fill(name);
      await box.getByLabel('Email', { exact: true }).fill(email);
      await box.getByRole('button', { name: 'Stay with Us' }).click();
    };
    // Until the app takes the page over the box posts as a form (the journey below): wait for it.
    await appTookOver(visitor, 'input[name="email"][type="email"]');
    await signUp('Nell Newsletter');
    const checkInbox = 'Check your inbox: we sent a link to confirm your subscription.';
    await expect(toast(visitor, checkInbox)).toBeVisible();
    await expect(box.getByLabel('Email', { exact: true })).toHaveValue('');
    const mail = await latestMail(visitor.request, email);
    expect(mail.subject).toBe("Confirm your subscription to Torque's newsletter");
    expect(mail.text).toContain('Hello Nell Newsletter,');

    /** The admin's download from the Overview page, as lines. */
    const download = async () => {
      await page.goto('/dashboard/overview');
      // A click before the app takes the page over does nothing: click again until a file comes.
      let file: Download | undefined;
      await expect(async () => {
        const downloading = page.waitForEvent('download', { timeout: 3_000 });
        await page.getByRole('button', { name: 'Download sign-ups (CSV)' }).click();
        file = await downloading;
      }).toPass({ timeout: 20_000 });
      if (!file) throw new Error('no download');
      expect(file.suggestedFilename()).toBe('newsletter.csv');
      return readFileSync(await file.path(), 'utf8').split('\r\n');
    };
    // Not on the list until the address's owner says so.
    expect((await download()).filter((line) => line.includes(`"${email}"`))).toEqual([]);

    // The owner opens the mail's link: the home page's box says it is confirmed.
    const link = /(http\S+\/api\/newsletter\/confirm\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no link in ${mail.text}`);
    await visitor.goto(link);
    await expect(visitor).toHaveURL('/?newsletter=confirmed#newsletter');
    await expect(
      visitor.getByRole('status').filter({ hasText: 'Your subscription is confirmed.' }),
    ).toBeVisible();
    await expect(box).toBeInViewport();
    // A repeat is answered as the first was.
    await appTookOver(visitor, 'input[name="email"][type="email"]');
    await signUp('Nell Again');
    await expect(toast(visitor, checkInbox)).toBeVisible();
    await visitor.close();

    const lines = await download();
    expect(lines[0]).toBe('\uFEFF"Name","Email","Phone","Signed up","Confirmed"');
    expect(lines.filter((line) => line.includes(`"${email}"`))).toEqual([
      expect.stringMatching(
        new RegExp(`^"Nell Newsletter","${email.replace(/[.]/g, '\\.')}","","[^"]+","[^"]+"$`),
      ),
    ]);
  });
});

test('@mobile the newsletter box works without JavaScript: the server mails a link, and the link confirms on a page it draws', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The home page as every visitor gets it first: the visitors' page cache then holds it.
  await page.goto('/');
  const box = page.getByRole('form', { name: 'Sign up for trade offers' });
  const email = uniqueEmail('nojs');
  const signUp = async (name: string, address: string) => {
    await box.getByLabel('Name', { exact: true }).fill(name);
    await box.getByLabel('Email', { exact: true }).fill(address);
    await box.getByRole('button', { name: 'Stay with Us' }).click();
  };
  const said = (role: 'status' | 'alert', text: string) => page.getByRole(role).filter({ hasText: text });

  await signUp('Nia Nojs', email);
  const checkInbox = 'Check your inbox: we sent a link to confirm your subscription.';
  await expect(page).toHaveURL('/?newsletter=check_inbox#newsletter');
  await expect(said('status', checkInbox)).toBeVisible();
  await expect(box).toBeInViewport();

  // A repeat is answered alike, and mailed a new link.
  await signUp('Nia Again', email.toUpperCase());
  await expect(page).toHaveURL('/?newsletter=check_inbox#newsletter');
  await expect(said('status', checkInbox)).toBeVisible();

  // The browser lets it through; the server's check does not.
  await signUp('Nia', 'nia@localhost');
  await expect(page).toHaveURL('/?newsletter=invalid_email#newsletter');
  await expect(said('alert', 'Provide a valid email')).toBeVisible();

  // The outcome belongs to its own address: the home page itself says nothing.
  await page.goto('/');
  await expect(box).toBeVisible();
  await expect(page.getByText('Check your inbox')).toHaveCount(0);

  // A link the store never mailed says so.
  await page.goto('/api/newsletter/confirm?token=not-a-token');
  await expect(page).toHaveURL('/?newsletter=invalid_link#newsletter');
  await expect(said('alert', 'This confirmation link is not valid')).toBeVisible();

  const admin = await browser.newPage();
  const token = await signInPage(admin, adminAccount);
  const exported = async () =>
    (await (await admin.request.get('/api/admin/newsletter.csv', { headers: bearer(token) })).text())
      .split('\r\n')
      .filter((line) => line.includes(`"${email}"`));
  expect(await exported()).toEqual([]);

  // The newest mail's link, opened without JavaScript: the server's page says it is confirmed.
  const mail = await latestMail(admin.request, email);
  expect(mail.text).toContain('Hello Nia Again,');
  const link = /(http\S+\/api\/newsletter\/confirm\S+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL('/?newsletter=confirmed#newsletter');
  await expect(said('status', 'Your subscription is confirmed.')).toBeVisible();
  await context.close();

  // On the list once, under the name of the sign-up its owner confirmed.
  expect(await exported()).toEqual([expect.stringMatching(/^"Nia Again",/)]);
  await admin.close();
});
