// Buying and paying (SPEC §2 Purchase page, My Orders, Payment page; §4, §5, §8): a customer signs up
// through the API, buys a tool from the home page, pays with the sandbox gateway's test cards and
// cancels. The store runs on a fresh database for the whole run, so stock is read, never assumed.
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, seriousViolations, storeURL, uniqueEmail } from '#tests/fixtures/e2e-helpers.ts';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrder: number;
  availableQuantity: number;
}

interface Customer {
  name: string;
  email: string;
  token: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);
const totalOf = (tool: Tool, quantity: number) => dollars(Math.round(tool.price * 100) * quantity);
const futureExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Signs a customer up in the page's own context: better-auth's cookie lands in the browser, and the
 * access token of PUT /user/{email} goes where the web keeps it (SPEC §6).
 */
async function signUpCustomer(page: Page, name = 'Bob Builder'): Promise<Customer> {
  const email = uniqueEmail('buyer');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: storeURL },
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const exchange = await page.request.put(`/api/user/${email}`, {
    headers: { origin: storeURL },
    data: { email },
  });
  expect(exchange.ok(), await exchange.text()).toBe(true);
  const { token } = (await exchange.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('accessToken', value), token);
  return { name, email, token };
}

/** A tool on the home page that sells 12 units, or failing that the one with the smallest minimum. */
async function homeTool(page: Page): Promise<Tool> {
  const response = await page.request.get('/api/tools');
  const tools = ((await response.json()) as Tool[]).slice(0, 6);
  const fits = tools.find((tool) => tool.minimumOrder <= 12 && tool.availableQuantity >= 12);
  return fits ?? [...tools].sort((a, b) => a.minimumOrder - b.minimumOrder)[0]!;
}

async function stockOf(page: Page, toolId: string): Promise<number> {
  const response = await page.request.get(`/api/tool/${toolId}`);
  return ((await response.json()) as Tool).availableQuantity;
}

/** An unpaid order made through the API, for journeys that start after the purchase. */
async function orderThroughApi(page: Page, customer: Customer, tool: Tool, quantity = tool.minimumOrder) {
  const response = await page.request.post('/api/purchase', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { toolsId: tool._id, phone: '+1 555 010 2030', address: '12 Forge Lane, Sheffield', quantity },
  });
  const body = (await response.json()) as { acknowledged: boolean; insertedId: string };
  expect(body.acknowledged).toBe(true);
  return body.insertedId;
}

async function openPurchaseFromHome(page: Page, tool: Tool) {
  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tool.name }) });
  await card.getByRole('link', { name: 'Purchase Now' }).click();
  await expect(page).toHaveURL(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
}

async function payWithCard(page: Page, number: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Card number').fill(number);
  await main.getByLabel('Expiry (MM/YY)').fill(futureExpiry());
  await main.getByLabel('CVC').fill('123');
  await main.getByRole('button', { name: 'Pay', exact: true }).click();
}

test.describe('purchase page', () => {
  test('the quantity starts at the minimum, and leaving the bounds warns and disables Purchase', async ({
    page,
  }) => {
    const customer = await signUpCustomer(page, 'Quinn Quantity');
    const tool = await homeTool(page);
    await openPurchaseFromHome(page, tool);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Fill the form' })).toBeVisible();
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(customer.name);
    await expect(main.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
    await expect(main.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

    const quantity = main.getByLabel('Quantity', { exact: true });
    const purchase = main.getByRole('button', { name: 'Purchase' });
    const minus = main.getByRole('button', { name: 'Decrease quantity' });
    const plus = main.getByRole('button', { name: 'Increase quantity' });
    await expect(quantity).toHaveValue(String(tool.minimumOrder));
    await expect(purchase).toBeEnabled();
    await expect(main).toContainText(totalOf(tool, tool.minimumOrder));

    // SPEC §5: minus at the minimum warns, still goes down and disables Purchase; plus brings it back.
    await minus.click();
    await expect(main.getByRole('alert')).toHaveText('This is minimum Quantity');
    await expect(quantity).toHaveValue(String(tool.minimumOrder - 1));
    await expect(purchase).toBeDisabled();
    await plus.click();
    await expect(quantity).toHaveValue(String(tool.minimumOrder));
    await expect(main.getByRole('alert')).toHaveCount(0);
    await expect(purchase).toBeEnabled();

    // DESIGN §5.1: the upper bound names the tool's real stock.
    const available = await stockOf(page, tool._id);
    await quantity.fill(String(available));
    await expect(purchase).toBeEnabled();
    await plus.click();
    await expect(main.getByRole('alert')).toHaveText(`Our available quantity is ${available}`);
    await expect(quantity).toHaveValue(String(available + 1));
    await expect(purchase).toBeDisabled();
    await minus.click();
    await expect(main.getByRole('alert')).toHaveCount(0);
    await expect(purchase).toBeEnabled();

    // Typing out of bounds disables it too.
    await quantity.fill('1');
    await expect(purchase).toBeDisabled();
    await quantity.fill(String(tool.minimumOrder));
    await expect(purchase).toBeEnabled();

    // SPEC §5: phone and address are required.
    await purchase.click();
    await expect(main.getByText('Phone number is required')).toBeVisible();
    await expect(main.getByText('address is required')).toBeVisible();
  });

  test('sent from the keyboard, the purchase keeps the focus on its button', async ({ page }) => {
    await signUpCustomer(page);
    const tool = await homeTool(page);
    await page.goto(`/purchase/${tool._id}`);
    const main = page.getByRole('main');
    await main.getByLabel('Phone').fill('+1 555 010 2030');
    await main.getByLabel('Address').fill('12 Forge Lane, Sheffield');
    const purchase = main.getByRole('button', { name: 'Purchase' });
    await purchase.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Successfully added Item' })).toBeVisible();
    // Not dropped to the page's top while the order was sent (a disabled button loses the focus).
    await expect(purchase).toBeFocused();
  });

  test.describe('before the app runs (JavaScript off)', () => {
    test.use({ javaScriptEnabled: false });

    test('the form cannot be sent, so no phone or address goes into the address bar', async ({ page }) => {
      const email = uniqueEmail('nojs');
      const signUp = await page.request.post('/api/auth/sign-up/email', {
        headers: { origin: storeURL },
        data: { name: 'Nora Script', email, password: PASSWORD },
      });
      expect(signUp.ok(), await signUp.text()).toBe(true);
      const [tool] = (await (await page.request.get('/api/tools')).json()) as Tool[];
      await page.goto(`/purchase/${tool!._id}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Fill the form' })).toBeVisible();
      await expect(main.getByLabel('Phone')).toBeDisabled();
      await expect(main.getByLabel('Address')).toBeDisabled();
      await expect(main.getByRole('button', { name: 'Purchase' })).toBeDisabled();
    });
  });

  test('an unknown tool says so', async ({ page }) => {
    await signUpCustomer(page);
    await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse our tools' })).toBeVisible();
  });
});

test.describe('buying and paying', () => {
  test('@mobile buy from the home page, then pay by card from My Orders', async ({ page }) => {
    test.slow();
    const customer = await signUpCustomer(page, 'Pat Payer');
    const tool = await homeTool(page);
    const quantity = Math.max(12, tool.minimumOrder);
    await openPurchaseFromHome(page, tool);

    const main = page.getByRole('main');
    await main.getByLabel('Phone').fill('+1 555 010 2030');
    await main.getByLabel('Address').fill('12 Forge Lane, Sheffield');
    await main.getByLabel('Quantity', { exact: true }).fill(String(quantity));
    await expect(main).toContainText(totalOf(tool, quantity));
    await main.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Successfully added Item' })).toBeVisible();
    await expect(main.getByLabel('Phone')).toHaveValue('');
    await expect(main.getByLabel('Address')).toHaveValue('');

    // SPEC §8: a second order of the same tool while the first is unpaid is refused.
    await main.getByLabel('Phone').fill('+1 555 010 2030');
    await main.getByLabel('Address').fill('12 Forge Lane, Sheffield');
    await main.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already purchase this item' })).toBeVisible();

    await main.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(main.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    // Below the md breakpoint the orders are cards, and the table is hidden (and the other way round).
    await expect(main.getByText(tool.name).filter({ visible: true })).toBeVisible();
    await expect(main.getByText('Unpaid').filter({ visible: true })).toBeVisible();
    await expect(main.getByText(totalOf(tool, quantity)).filter({ visible: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await main.getByRole('link', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(main.getByText(`Hello, ${customer.name}`)).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: 'Pay For Your Order' })).toBeVisible();
    await expect(main.getByRole('heading', { name: tool.name })).toBeVisible();
    await expect(main.getByText(dollars(Math.round(tool.price * 100)), { exact: true })).toBeVisible();
    await expect(main.getByText(totalOf(tool, quantity), { exact: true })).toBeVisible();
    await expect(main.getByText('Test mode: use 4242 4242 4242 4242')).toBeVisible();

    // The number is grouped in fours as typed.
    await main.getByLabel('Card number').pressSequentially('42424242');
    await expect(main.getByLabel('Card number')).toHaveValue('4242 4242');
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(main.getByText('Congrats! Your payment is completed')).toBeVisible();
    // The card form is gone: the keyboard is taken to what replaced it, not dropped to the page.
    await expect(main.getByText('Congrats! Your payment is completed')).toBeFocused();
    await expect(main.getByText('Your Transaction Id')).toBeVisible();
    const transactionId = (await main.getByText(/^pi_/).textContent())!.trim();
    expect(transactionId).toMatch(/^pi_\w+$/);

    await main.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(main.getByRole('button', { name: 'PAID' })).toBeDisabled();
    await expect(main.getByText(`Transaction: ${transactionId}`).filter({ visible: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Pay', exact: true })).toHaveCount(0);
  });

  test('a declined card shows the provider’s message in red and the order stays unpaid', async ({ page }) => {
    const customer = await signUpCustomer(page);
    const tool = await homeTool(page);
    const orderId = await orderThroughApi(page, customer, tool);
    await page.goto(`/dashboard/payment/${orderId}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Pay For Your Order' })).toBeVisible();

    // Checked before anything is sent.
    await main.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(main.getByText('Your card number is incomplete.')).toBeVisible();
    await main.getByLabel('Card number').fill('4242 4242 4242 4241');
    await main.getByLabel('Expiry (MM/YY)').fill('01/20');
    await main.getByLabel('CVC').fill('12');
    await main.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(main.getByText('Your card number is invalid.')).toBeVisible();
    await expect(main.getByText('Your card’s expiration date is in the past.')).toBeVisible();
    await expect(main.getByText('Your card’s security code is incomplete.')).toBeVisible();

    await payWithCard(page, '4000 0000 0000 0002');
    const failure = main.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(failure).toBeVisible();
    await expect(failure).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(main.getByText('Congrats! Your payment is completed')).toHaveCount(0);

    const order = await page.request.get(`/api/myOrder/${orderId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(((await order.json()) as { paid: boolean }).paid).toBe(false);
    await page.goto('/dashboard/myOrders');
    await expect(main.getByRole('link', { name: 'Pay', exact: true })).toBeVisible();
    await expect(main.getByText('Unpaid').filter({ visible: true })).toBeVisible();
  });

  test('an unknown order says so', async ({ page }) => {
    await signUpCustomer(page);
    await page.goto('/dashboard/payment/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  });
});

test.describe('an order closed while its payment page is open', () => {
  test('cancelled in another tab, the page says it was cancelled and nothing charged, and offers no Pay', async ({
    page,
  }) => {
    const customer = await signUpCustomer(page);
    const tool = await homeTool(page);
    const orderId = await orderThroughApi(page, customer, tool);
    await page.goto(`/dashboard/payment/${orderId}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();

    const cancel = await page.request.delete(`/api/myOrder/${orderId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(cancel.ok(), await cancel.text()).toBe(true);
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { level: 1, name: 'This order was cancelled' })).toBeVisible();
    await expect(main).toContainText(
      'It was cancelled while this page was open, in another tab or window. Nothing was charged.',
    );
    await expect(main.getByRole('link', { name: 'Order it again' })).toHaveAttribute(
      'href',
      `/tools/${tool._id}`,
    );
    await expect(main.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  });
});

test.describe('a payment the page cannot finish telling the store about', () => {
  /** A tool of the catalogue with stock to spare (other journeys leave some tools nearly sold out). */
  async function toolWithStock(page: Page): Promise<Tool> {
    const tools = (await (await page.request.get('/api/tools')).json()) as Tool[];
    const spare = tools.find((tool) => tool.availableQuantity >= tool.minimumOrder * 3);
    expect(spare, 'a tool with stock to spare').toBeDefined();
    return spare!;
  }

  test('paid in one tab, a second tab opened before says "This order is already paid", even with a declining card', async ({
    page,
    context,
  }) => {
    const customer = await signUpCustomer(page);
    const orderId = await orderThroughApi(page, customer, await toolWithStock(page));
    const second = await context.newPage();
    await second.goto(`/dashboard/payment/${orderId}`);
    await expect(second.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();

    await page.goto(`/dashboard/payment/${orderId}`);
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('main').getByText('Congrats! Your payment is completed')).toBeVisible();
    const transactionId = (await page.getByRole('main').getByText(/^pi_/).textContent())!.trim();

    await payWithCard(second, '4000 0000 0000 0002');
    const main = second.getByRole('main');
    await expect(main.getByText('This order is already paid')).toBeVisible();
    await expect(main.getByText(transactionId, { exact: true })).toBeVisible();
    await expect(main.getByText('Congrats! Your payment is completed')).toHaveCount(0);
    await expect(main.getByRole('alert')).toHaveCount(0);
    await expect(main.getByLabel('Card number')).toHaveCount(0);
  });

  test('charged, but the PATCH lost on the way: the page says the card was charged, then records it', async ({
    page,
  }) => {
    const customer = await signUpCustomer(page);
    const orderId = await orderThroughApi(page, customer, await toolWithStock(page));
    // The connection drops after the gateway confirmed the card: the first PATCH never arrives.
    let lost = 0;
    await page.route(`**/api/order/${orderId}`, async (route) => {
      if (route.request().method() === 'PATCH' && lost++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.goto(`/dashboard/payment/${orderId}`);
    await payWithCard(page, '4242 4242 4242 4242');

    const main = page.getByRole('main');
    await expect(main.getByText(/Your card was charged \(transaction id pi_\w+\)/)).toBeVisible();
    await expect(
      main.getByText('We could not reach the store to record it yet', { exact: false }),
    ).toBeVisible();
    await expect(main.getByLabel('Card number')).toHaveCount(0);
    await expect(main.getByText('The store could not be reached. Check your connection.')).toHaveCount(0);

    // Tried again a moment later, and recorded.
    await expect(main.getByText('Congrats! Your payment is completed')).toBeVisible();
    expect(lost).toBe(2);
    const transactionId = (await main.getByText(/^pi_/).textContent())!.trim();
    await main.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/myOrders');
    await expect(main.getByRole('button', { name: 'PAID' })).toBeDisabled();
    await expect(main.getByText(`Transaction: ${transactionId}`).filter({ visible: true })).toBeVisible();
  });
});

test.describe('cancelling', () => {
  test('Cancel asks first, then removes the order and returns its stock', async ({ page }) => {
    const customer = await signUpCustomer(page);
    const tool = await homeTool(page);
    const before = await stockOf(page, tool._id);
    await orderThroughApi(page, customer, tool);
    expect(await stockOf(page, tool._id)).toBe(before - tool.minimumOrder);

    await page.goto('/dashboard/myOrders');
    const main = page.getByRole('main');
    // By keyboard: focus comes back to Cancel when the order is kept, and goes to the page's
    // heading once the order, and its button, have gone.
    const cancelButton = main.getByRole('button', { name: 'Cancel' });
    await cancelButton.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep it' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(main.getByText(tool.name).filter({ visible: true })).toBeVisible();
    await expect(cancelButton).toBeFocused();

    await cancelButton.press('Enter');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Order cancelled' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main.getByRole('heading', { level: 1, name: 'My Orders' })).toBeFocused();
    await expect(main.getByText('You have no orders yet.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse our tools' })).toBeVisible();
    expect(await stockOf(page, tool._id)).toBe(before);
  });
});

test.describe('a tab without the access token yet', () => {
  test('My Orders drawn for the session’s cookie lists the orders once the token is fetched', async ({
    page,
  }) => {
    // As after Google's sign-in, or a token stored by a page the browser had not yet saved: the
    // session's cookie is there, the access token is not.
    const customer = await signUpCustomer(page);
    const tool = await homeTool(page);
    await orderThroughApi(page, customer, tool);
    await page.evaluate(() => window.localStorage.removeItem('accessToken'));

    await page.goto('/dashboard/myOrders');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(main.getByText(tool.name).filter({ visible: true })).toBeVisible();
    await expect(main.getByText("We couldn't load your orders.")).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBe(customer.token);
  });
});

test.describe('accessibility', () => {
  test('the purchase, My Orders and payment pages have no serious axe violations', async ({ page }) => {
    // Four axe scans on a busy machine.
    test.slow();
    const customer = await signUpCustomer(page);
    const tool = await homeTool(page);

    await page.goto(`/purchase/${tool._id}`);
    await expect(page.getByRole('heading', { name: 'Fill the form' })).toBeVisible();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const orderId = await orderThroughApi(page, customer, tool);
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('link', { name: 'Pay', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this order?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
