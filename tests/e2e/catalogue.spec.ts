// The catalogue: /tools searched, filtered and paged by its URL, the public product page,
// and a product added in Add Products reaching shoppers and search engines.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminAccount,
  createAccount,
  loginThroughForm,
  newAccount,
  seriousViolations,
  signIn,
  storeURL,
} from '#tests/fixtures/e2e-helpers.ts';

interface Tool {
  _id: string;
  name: string;
  img: string;
}

const origin = { origin: storeURL };

async function toolNamed(request: APIRequestContext, name: string): Promise<Tool> {
  const tools = (await (await request.get('/api/tools')).json()) as Tool[];
  return tools.find((tool) => tool.name === name)!;
}

const results = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 });

test('a shopper searches with a typo, filters, opens a product and buys it after signing in', async ({
  page,
  request,
}) => {
  const customer = await createAccount(request, newAccount('Carla Catalogue'));
  await page.goto('/');
  await page.getByRole('link', { name: 'See all tools' }).click();
  await expect(page).toHaveURL('/tools');
  await expect(page).toHaveTitle('All tools | Torque');
  await expect(results(page).filter({ hasText: 'Torque DX-20 Cordless Drill Driver' })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search tools' }).fill('grnder');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/tools?q=grnder');
  await expect(results(page)).toHaveText([
    /Torque (AG-125 Angle|BG-200 Bench) Grinder/,
    /Torque (AG-125 Angle|BG-200 Bench) Grinder/,
  ]);

  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /Angle grinders/ })
    .click();
  await expect(page).toHaveURL('/tools?q=grnder&category=angle-grinders');
  await expect(results(page)).toHaveText(['Torque AG-125 Angle Grinder']);

  await results(page).getByRole('link', { name: 'Torque AG-125 Angle Grinder' }).click();
  const tool = await toolNamed(request, 'Torque AG-125 Angle Grinder');
  await expect(page).toHaveURL(`/tools/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Torque AG-125 Angle Grinder' })).toBeVisible();
  await expect(page).toHaveTitle('Torque AG-125 Angle Grinder | Torque');

  await page.getByRole('link', { name: 'Purchase Now' }).click();
  await expect(page).toHaveURL('/login');
  await loginThroughForm(page, customer);
  await expect(page).toHaveURL(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
});

test('the catalogue works without JavaScript: a GET form, links and the server-drawn list', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/tools?category=saws');
  await expect(results(page)).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('reciprocatng');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/tools\?q=reciprocatng&category=saws/);
  await expect(results(page)).toHaveText(['Torque RS-32 Reciprocating Saw']);
  await page.goto('/tools?q=zzqx');
  await expect(page.getByText('No tools match "zzqx"')).toBeVisible();
  await context.close();
});

test('a product added in Add Products is on /tools, found misspelled, public, and in the sitemap', async ({
  page,
  browser,
}) => {
  const token = await signInAsAdmin(page);
  expect(token).toBeTruthy();
  const name = `Torque HC-${Date.now().toString(36).toUpperCase()} Hydraulic Crimper`;
  await page.goto('/dashboard/addProducts');
  const form = page.getByRole('form', { name: 'Add a product' });
  // The page is drawn by the server: a field filled before the app takes over would be reset.
  // An empty submit answered by the app's own message shows that it has.
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Minimum Order').fill('5');
  await form.getByLabel('Available Quantity').fill('40');
  await form.getByLabel('Price').fill('410');
  await form.getByLabel('Image URL').fill('/images/tools/press-tool.svg');
  await form.getByLabel('Category').selectOption({ label: 'Hydraulic crimpers' });
  await form.getByLabel('Description').fill('Crimps copper cable lugs up to 300 square millimetres.');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Successfully add Product')).toBeVisible();
  // Within a second of the answer: found by a misspelled word, and in the sitemap.
  const added = Date.now();
  let id = '';
  await expect
    .poll(
      async () => {
        const found = (await (await page.request.get('/api/catalogue?q=crimpre')).json()) as {
          items: Tool[];
        };
        id = found.items.find((tool) => tool.name === name)?._id ?? '';
        return id;
      },
      { timeout: 1_000, intervals: [50] },
    )
    .not.toBe('');
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`/tools/${id}</loc>`);
  expect(Date.now() - added).toBeLessThan(1_000);

  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await shopper.goto('/tools?q=crimpre');
  await expect(results(shopper)).toHaveText([name]);
  await shopper.getByRole('link', { name }).click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper).toHaveURL(`/tools/${id}`);
  await shopper.goto('/tools?category=hydraulic-crimpers');
  await expect(results(shopper)).toHaveText([name]);
  await visitor.close();
});

async function signInAsAdmin(page: Page): Promise<string> {
  await createAccount(page.request, adminAccount);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: origin,
    data: { email: adminAccount.email, password: adminAccount.password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const exchange = await page.request.put(`/api/user/${encodeURIComponent(adminAccount.email)}`, {
    headers: origin,
    data: { email: adminAccount.email },
  });
  const { token } = (await exchange.json()) as { token: string };
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('accessToken')) window.localStorage.setItem('accessToken', value);
  }, token);
  return token;
}

test.describe('the catalogue pages', () => {
  test('@mobile axe finds no serious or critical violations on /tools', async ({ page }) => {
    await page.goto('/tools?q=saw');
    await expect(results(page).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('@mobile axe finds no serious or critical violations on /tools/{id}', async ({ page, request }) => {
    const tool = await toolNamed(request, 'Torque DX-20 Cordless Drill Driver');
    await page.goto(`/tools/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an unknown category is Page Not Found with a 404', async ({ page }) => {
    const response = await page.goto('/tools?category=nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Torque');
  });

  // A shared link cut short in its cursor: asking again gets the same refusal, the first page the list.
  test('a page of the list cut short offers its first page, with a 404', async ({ page }) => {
    const response = await page.goto('/tools?q=grnder&cursor=eyJhIjox');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('status')).toContainText('This page of the list is not available');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Show the first page' }).click();
    await expect(page).toHaveURL('/tools?q=grnder');
    await expect(results(page)).toHaveCount(2);
  });

  // A control character in the address (a pasted %00) is a space in the search, not a failure.
  test('a search with a control character in its address searches without it', async ({ page }) => {
    const response = await page.goto('/tools?q=grnder%00');
    expect(response?.status()).toBe(200);
    await expect(results(page)).toHaveCount(2);
    await expect(page.getByRole('searchbox')).toHaveValue('grnder');
  });

  test('an unknown tool is Page Not Found with a 404', async ({ page }) => {
    const response = await page.goto('/tools/7b1c1f8e-2a41-4c6e-9d7e-0c2b5a4f9e11');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Torque');
  });
});

test('search engines get a product page with its own head: title, description, canonical, Open Graph, JSON-LD', async ({
  request,
}) => {
  const tool = await toolNamed(request, 'Torque AG-125 Angle Grinder');
  const res = await request.get(`/tools/${tool._id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head.match(/<title>/g)).toHaveLength(1);
  expect(head).toContain('<title>Torque AG-125 Angle Grinder | Torque</title>');
  expect(head.match(/<meta name="description"/g)).toHaveLength(1);
  expect(head).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/tools/${tool._id}"`));
  expect(head).toContain('<meta property="og:title" content="Torque AG-125 Angle Grinder"');
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
  expect(ld).toMatchObject({
    '@type': 'Product',
    name: tool.name,
    offers: { priceCurrency: 'USD', price: '49.90', availability: 'https://schema.org/InStock' },
    aggregateRating: { ratingValue: '4.0', reviewCount: 1 },
  });
});

test('a review posted or deleted is on the product page that visitors get within a second', async ({
  browser,
}) => {
  const admin = await browser.newContext();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const adminToken = await signIn(admin.request, adminAccount);
  const name = `Torque RV-${Date.now().toString(36).toUpperCase()} Rivet Gun`;
  const added = await admin.request.post('/api/addTool', {
    headers: bearer(adminToken),
    data: {
      name,
      minimumOrder: 1,
      availableQuantity: 50,
      price: 89,
      img: '/images/tools/jigsaw.svg',
      description: 'Sets blind rivets up to 6.4 millimetres.',
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const id = ((await added.json()) as { insertedId: string }).insertedId;

  // A visitor's page is drawn once and kept: it must not keep a review out, or in, past a second.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/tools/${id}`);
  await expect(page.getByText('No reviews of this tool yet.')).toBeVisible();
  const drawn = async () => (await visitor.request.get(`/tools/${id}`)).text();

  const customer = await browser.newContext();
  const token = await signIn(customer.request, newAccount('Rita Riveter'));
  const posted = await customer.request.post('/api/review', {
    headers: bearer(token),
    data: { profession: 'Roofer', productName: name, ratings: 4, opinions: 'Sets rivets all day long.' },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  await expect.poll(drawn, { timeout: 1_000, intervals: [50] }).toContain('Sets rivets all day long.');
  const html = await drawn();
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
  expect(ld.aggregateRating).toMatchObject({ ratingValue: '4.0', reviewCount: 1 });
  await page.reload();
  await expect(page.getByText('4.0 out of 5 (1 review)')).toBeVisible();
  await expect(page.getByText('Sets rivets all day long.')).toBeVisible();

  const reviewId = ((await posted.json()) as { insertedId: string }).insertedId;
  const deleted = await admin.request.delete(`/api/review/${reviewId}`, { headers: bearer(adminToken) });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await expect.poll(drawn, { timeout: 1_000, intervals: [50] }).not.toContain('Sets rivets all day long.');
  await page.reload();
  await expect(page.getByText('No reviews of this tool yet.')).toBeVisible();
  await Promise.all([admin.close(), visitor.close(), customer.close()]);
});

/** Tools added by the admin API for one test, removed by `remove` (so no later test sees them). */
async function addTools(
  request: APIRequestContext,
  tools: { name: string; minimumOrder: number; availableQuantity: number }[],
) {
  const headers = { authorization: `Bearer ${await signIn(request, adminAccount)}` };
  const ids: string[] = [];
  for (const tool of tools) {
    const added = await request.post('/api/addTool', {
      headers,
      data: {
        ...tool,
        price: 120,
        img: '/images/tools/press-tool.svg',
        description: 'A tool made for this test.',
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    ids.push(((await added.json()) as { insertedId: string }).insertedId);
  }
  return {
    ids,
    remove: async () => {
      for (const id of ids) await request.delete(`/api/tool/${id}`, { headers });
    },
  };
}

test('a tool with less stock than its minimum order is out of stock on its card and product page', async ({
  page,
  request,
}) => {
  const name = `Torque OS-${Date.now().toString(36).toUpperCase()} Pipe Bender`;
  const added = await addTools(request, [{ name, minimumOrder: 50, availableQuantity: 10 }]);
  try {
    await page.goto(`/tools?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
    await expect(card.getByText('Out of stock')).toBeVisible();
    await expect(card.getByRole('link', { name: /Purchase Now/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Purchase Now' })).toBeDisabled();

    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Out of stock')).toBeVisible();
    await expect(page.getByRole('link', { name: /Purchase Now/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Purchase Now' })).toBeDisabled();
    const html = await (await request.get(`/tools/${added.ids[0]}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
  } finally {
    await added.remove();
  }
});

test('a later page of the list says which tools it shows, without JavaScript too', async ({
  browser,
  request,
}) => {
  const word = `Zq${Date.now().toString(36)}`;
  const added = await addTools(
    request,
    Array.from({ length: 26 }, (_, n) => ({
      name: `Torque ${word} Clamp ${n + 1}`,
      minimumOrder: 1,
      availableQuantity: 9,
    })),
  );
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/tools?q=${word}`);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`26 tools match "${word}"`);
    await expect(results(page)).toHaveCount(24);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Tools 25–26 of 26 matching "${word}"`,
    );
    await expect(results(page)).toHaveCount(2);
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`26 tools match "${word}"`);
  } finally {
    await context.close();
    await added.remove();
  }
});

test('@mobile a name of one long word wraps on its card and its page instead of widening them', async ({
  page,
  request,
}) => {
  const name = `Torque Winkelschleifermaschinenset${Date.now().toString(36)}Akkubohrhammerzubehör`;
  const added = await addTools(request, [{ name, minimumOrder: 1, availableQuantity: 9 }]);
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tools?q=${encodeURIComponent(name)}`);
    await expect(results(page)).toHaveText([name]);
    expect(await overflow()).toBe(0);
    await page.goto(`/tools/${added.ids[0]}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await overflow()).toBe(0);
  } finally {
    await added.remove();
  }
});
