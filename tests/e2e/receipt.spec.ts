// The receipt: a customer who has paid finds the receipt mail at the mail catcher, opens
// its link, and the receipt page shows what a business files; My Orders links to it; it prints
// without the store's frame.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  adminAccount,
  type CaughtMail,
  mailCatcherURL,
  PASSWORD,
  seriousViolations,
  signIn,
  storeURL,
  uniqueEmail,
} from '#tests/fixtures/e2e-helpers.ts';
import { renderMail } from '#server/features/mail/mail-templates.ts';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrder: number;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A customer signed up in the page's context, with the access token where the web keeps it. */
async function signUpCustomer(page: Page, name: string) {
  const email = uniqueEmail('receipt');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: storeURL },
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const exchange = await page.request.put(`/api/user/${email}`, {
    headers: { origin: storeURL },
    data: { email },
  });
  const { token } = (await exchange.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('accessToken', value), token);
  return { email, token };
}

/** Buys and pays through the API, as the purchase and payment pages do. */
async function buyAndPay(page: Page, token: string, tool: Tool, address = '12 Forge Lane, Sheffield') {
  const authorization = `Bearer ${token}`;
  const bought = await page.request.post('/api/purchase', {
    headers: { authorization },
    data: {
      toolsId: tool._id,
      phone: '+1 555 010 2030',
      address,
      quantity: tool.minimumOrder,
    },
  });
  const { insertedId: orderId } = (await bought.json()) as { insertedId: string };
  const intent = await page.request.post('/api/create-payment-intent', {
    headers: { authorization },
    data: { orderId },
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  };
  const confirm = await page.request.post('/api/payments/sandbox/confirm', {
    headers: { authorization },
    data: { clientSecret, card },
  });
  const { id: transactionId } = (await confirm.json()) as { id: string };
  const paid = await page.request.patch(`/api/order/${orderId}`, {
    headers: { authorization },
    data: { appointment: orderId, transactionId },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { orderId, transactionId };
}

test('the receipt mail links to a printable receipt, which My Orders links to as well', async ({ page }) => {
  const customer = await signUpCustomer(page, 'Rita Receipt');
  const [tool] = ((await (await page.request.get('/api/tools')).json()) as Tool[]).slice(2, 3);
  const { orderId, transactionId } = await buyAndPay(page, customer.token, tool!);

  // The mail, as the customer receives it.
  let receiptMail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (
          await page.request.get(`${mailCatcherURL}/messages?to=${encodeURIComponent(customer.email)}`)
        ).json()) as CaughtMail[];
        receiptMail = all.find((m) => /^Receipt R-\d{6} for your Torque order$/.test(m.subject));
        return receiptMail !== undefined;
      },
      { message: 'the receipt mail', timeout: 10_000 },
    )
    .toBe(true);
  const number = /R-\d{6}/.exec(receiptMail!.subject)![0];
  const link = /(http\S+\/dashboard\/receipt\/\S+)/.exec(receiptMail!.text)![1]!;
  expect(new URL(link).pathname).toBe(`/dashboard/receipt/${orderId}`);

  await page.goto(new URL(link).pathname);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page).toHaveTitle('Receipt | Dashboard | Torque');
  await expect(main.getByText(number)).toBeVisible();
  await expect(main.getByText('Torque Power Tools Inc.')).toBeVisible();
  await expect(main.getByText('Rita Receipt')).toBeVisible();
  await expect(main.getByText('12 Forge Lane, Sheffield')).toBeVisible();
  const row = main.getByRole('row', { name: new RegExp(tool!.name) });
  await expect(row).toContainText(String(tool!.minimumOrder));
  await expect(row).toContainText(usd.format(tool!.price));
  await expect(row).toContainText(usd.format((Math.round(tool!.price * 100) * tool!.minimumOrder) / 100));
  await expect(main.getByText(transactionId)).toBeVisible();
  // Its moment in UTC, said so: a reader west of Greenwich would otherwise read tomorrow's date.
  await expect(main.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Printed: the receipt alone, without the navbar, the sidebar, the footer or the Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await expect(main.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(main.getByText(number)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(main.getByRole('button', { name: 'Print receipt' })).toBeVisible();

  // From My Orders.
  await page.goto('/dashboard/myOrders');
  await page.getByRole('link', { name: 'Receipt' }).first().click();
  await expect(page).toHaveURL(`/dashboard/receipt/${orderId}`);
  await expect(page.getByRole('main').getByText(number)).toBeVisible();
});

test('@mobile an address keeps its line breaks on My Orders and on the receipt', async ({ page }) => {
  const customer = await signUpCustomer(page, 'Lena Lines');
  const [tool] = ((await (await page.request.get('/api/tools')).json()) as Tool[]).slice(5, 6);
  // As typed into the purchase form's Address box, one line under the other.
  const address = 'Apt "4"\n12 Elm Street\nSpringfield, IL';
  const { orderId } = await buyAndPay(page, customer.token, tool!, address);
  // The text as shown: innerText has a line break only where one is drawn.
  const shown = (place: Locator) => place.evaluate((element) => (element as HTMLElement).innerText.trim());

  await page.goto('/dashboard/myOrders');
  // A table on a wide screen, cards on a phone: the one shown.
  const order = page
    .getByRole('main')
    .locator('tr, li')
    .filter({ visible: true })
    .filter({ hasText: tool!.name });
  const location = order.getByText('Springfield, IL');
  await expect(location).toBeVisible();
  expect(await shown(location)).toBe(address);

  await page.goto(`/dashboard/receipt/${orderId}`);
  const billedTo = page.getByRole('main').getByText('Springfield, IL');
  await expect(billedTo).toBeVisible();
  expect(await shown(billedTo)).toBe(address);
});

test('another customer’s receipt is not found', async ({ page }) => {
  const owner = await signUpCustomer(page, 'Olive Owner');
  const [tool] = ((await (await page.request.get('/api/tools')).json()) as Tool[]).slice(3, 4);
  const { orderId } = await buyAndPay(page, owner.token, tool!);
  await signUpCustomer(page, 'Nosy Neighbour');
  await page.goto(`/dashboard/receipt/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible();
});

test('at the narrowest width of its table the receipt’s figures stand apart', async ({ page }) => {
  // Below 640 px (Tailwind's sm) the figures are listed one a line instead.
  await page.setViewportSize({ width: 640, height: 900 });
  const customer = await signUpCustomer(page, 'Phil Phone');
  const [tool] = ((await (await page.request.get('/api/tools')).json()) as Tool[]).slice(4, 5);
  const { orderId } = await buyAndPay(page, customer.token, tool!);
  await page.goto(`/dashboard/receipt/${orderId}`);
  const row = page.getByRole('main').getByRole('row', { name: new RegExp(tool!.name) });
  await expect(row).toBeVisible();
  // The gaps between the texts of the quantity, unit price and amount cells, in CSS pixels.
  const gaps = await row.locator('td').evaluateAll((cells) => {
    const edges = cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
    return edges.slice(1).map((edge, i) => edge.left - edges[i]!.right);
  });
  expect(gaps).toHaveLength(2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
});

test('@mobile on a phone the receipt of the largest order the store takes fits the screen', async ({
  page,
  playwright,
}) => {
  // A tool at the highest price one order may total: $999,999.99 as unit price, amount and total.
  const admin = await playwright.request.newContext({ baseURL: storeURL });
  const adminToken = await signIn(admin, adminAccount);
  const name = `Torque PT-${Date.now().toString(36).toUpperCase()} Hydraulic Press Tool`;
  const added = await admin.post('/api/addTool', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name,
      minimumOrder: 1,
      availableQuantity: 5,
      price: 999_999.99,
      img: '/images/tools/jigsaw.svg',
      description: 'A press line in one case.',
      category: 'pipe-press-tools',
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { insertedId: id } = (await added.json()) as { insertedId: string };
  await admin.dispose();
  const tool = {
    _id: id,
    name,
    price: 999_999.99,
    minimumOrder: 1,
  };

  const customer = await signUpCustomer(page, 'Bea Bigspender');
  const { orderId } = await buyAndPay(page, customer.token, tool);
  await page.goto(`/dashboard/receipt/${orderId}`);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByText('Total paid').filter({ visible: true })).toBeVisible();
  // Nothing of it is cut off or scrolls sideways: the figures within the receipt, the receipt within the screen.
  const overflow = await receipt.evaluate((article) => {
    const figures = [...article.querySelectorAll('table, dl')].find(
      (e) => e.checkVisibility() && e.textContent!.includes('Total paid'),
    )!;
    return {
      table:
        figures.getBoundingClientRect().right -
        (article.getBoundingClientRect().right - parseFloat(getComputedStyle(article).paddingRight)),
      receipt: article.getBoundingClientRect().right - document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  // At 390 px the figures are a list, one a line; the wider screens' table is checked above.
  if (page.viewportSize()!.width < 640) {
    await expect(receipt.locator('dl', { hasText: 'Total paid' }).filter({ visible: true })).toContainText(
      `Item${name}Quantity1Unit price$999,999.99Amount$999,999.99Total paid$999,999.99`,
    );
  }
  expect(overflow.table).toBeLessThanOrEqual(0);
  expect(overflow.receipt).toBeLessThanOrEqual(0);
  expect(overflow.page).toBe(0);
});

test('@mobile on a phone My Orders gives the transaction id the width of the order’s card', async ({
  page,
}) => {
  const customer = await signUpCustomer(page, 'Tara Transaction');
  const [tool] = ((await (await page.request.get('/api/tools')).json()) as Tool[]).slice(5, 6);
  const { transactionId } = await buyAndPay(page, customer.token, tool!);
  await page.goto('/dashboard/myOrders');
  const line = page.getByText(`Transaction: ${transactionId}`).filter({ visible: true });
  await expect(line).toBeVisible();
  // Its width against the width the card's actions have: a narrow column wrapped it into three lines.
  const [width, room] = await line.evaluate((p) => [
    p.getBoundingClientRect().width,
    p.parentElement!.getBoundingClientRect().width,
  ]);
  expect(width).toBeGreaterThan(room * 0.9);
});

test('@mobile My Orders does not move the page when the orders arrive late', async ({ page }) => {
  const customer = await signUpCustomer(page, 'Sam Slowline');
  const tools = (await (await page.request.get('/api/tools')).json()) as Tool[];
  await buyAndPay(page, customer.token, tools[6]!);
  await buyAndPay(page, customer.token, tools[7]!);
  // A slow phone network: the orders come a second after the page.
  await page.route(
    (url) => url.pathname === '/api/myOrders',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    },
  );
  // The page's layout shift as Lighthouse sums it (CLS), from its first paint.
  await page.addInitScript(() => {
    const page = window as unknown as { shifts: number };
    page.shifts = 0;
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!shift.hadRecentInput) page.shifts += shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('status', { name: 'Loading your orders' })).toBeVisible();
  await expect(page.getByText(tools[6]!.name).filter({ visible: true }).first()).toBeVisible();
  // Lighthouse's budget for a page's layout shift (DESIGN §6): the footer jumped by 0.14 here.
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(
    0.02,
  );
});

test('every mail fits a phone: laid out at its width, nothing to scroll sideways', async ({ browser }) => {
  // A phone's mail reader: a 390 px screen that honours (or not) the message's viewport.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const store = { publicUrl: storeURL };
  const order = {
    orderId: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e00',
    toolId: '7a1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e00',
    name: 'Zoë O’Brien-Núñez',
    productName: 'Torque MD-40 Magnetic Drill Press with Twin-Speed Gearbox',
    quantity: 201,
    unitCents: 2499,
    totalCents: 502299,
  };
  const transactionId = 'pi_3QxYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  const mails = [
    renderMail('order_placed', { ...order, holdHours: 2 }, store),
    renderMail('order_expired', { ...order, holdHours: 2 }, store),
    renderMail(
      'payment_receipt',
      { ...order, transactionId, receiptNumber: 42, paidAt: new Date().toISOString() },
      store,
    ),
    renderMail('order_refunded', { ...order, transactionId }, store),
    renderMail(
      'email_verification',
      {
        name: order.name,
        url: `${storeURL}/api/auth/verify-email?token=${'eyJhbGciOiJIUzI1NiJ9'.repeat(12)}`,
      },
      store,
    ),
  ];
  for (const mail of mails) {
    await page.setContent(mail.html);
    const [width, scrolled] = await page.evaluate(() => [
      window.innerWidth,
      document.documentElement.scrollWidth,
    ]);
    expect([mail.subject, width, scrolled]).toEqual([mail.subject, 390, 390]);
  }
  await context.close();
});
