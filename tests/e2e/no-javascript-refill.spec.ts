import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { FORM_ERRORS, FORM_FILL_COOKIE } from '#shared/form-posts.ts';
import { NEWSLETTER_OUTCOMES } from '#shared/newsletter-form.ts';
import {
  accessToken,
  appTookOver,
  createAccount,
  form,
  newAccount,
  PASSWORD,
  uniqueEmail,
} from '#tests/fixtures/e2e-helpers.ts';

// A form refused without JavaScript comes back drawn by the server with what was typed in it (the
// fill cookie, read once: src/server/ssr/form-posts.ts). The app must then take that page over as
// it is: a field or message it drew otherwise would make React throw the server's page away, and
// the user would lose what they typed or see the form flash. Only the forms whose fields
// FORM_FILL_FIELDS holds (name, email, phone) are refilled; reset-password has none of them.

type Cookies = Awaited<ReturnType<BrowserContext['storageState']>>['cookies'];

/**
 * Posts a form the way a browser without JavaScript does, and answers the page the server sent it
 * back to, with the cookies it set. That page is not asked for here: it would read the fill cookie
 * the page with JavaScript needs.
 */
async function postWithoutJavaScript(
  browser: Browser,
  path: string,
  fillIn: (page: Page) => Promise<void>,
): Promise<{ url: string; cookies: Cookies }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Playwright routes no request a redirect leads to: the form's own POST is sent from here, its
  // cookies kept in the context, and a stand-in page takes the place of the one it leads to. Sent
  // from here it lacks the browser's Sec-Fetch-Site: its Origin says the store's own page instead.
  let location: string | undefined;
  await page.route('**/*', async (route) => {
    const posted = route.request();
    if (posted.method() !== 'POST') return route.continue();
    const answer = await route.fetch({
      maxRedirects: 0,
      headers: { ...posted.headers(), origin: new URL(posted.url()).origin },
    });
    expect(answer.status()).toBe(303);
    location = answer.headers().location;
    return route.fulfill({ contentType: 'text/html', body: '<title>held back</title>' });
  });
  await page.goto(path);
  await fillIn(page);
  await expect(page).toHaveTitle('held back');
  const url = new URL(location!, page.url()).href;
  const { cookies } = await context.storageState();
  await context.close();
  expect(cookies.map((cookie) => cookie.name)).toContain(FORM_FILL_COOKIE);
  return { url, cookies };
}

interface TakenOver {
  /** Console errors and warnings, and uncaught errors, from the page's load on. */
  problems: string[];
  /** Forms the browser itself posted (a page of the server's instead of the app's call). */
  nativePosts: string[];
}

/**
 * Opens the refilled page with JavaScript and the fill cookie. Its scripts are held until the
 * server's drawing shows `field` with `value`, so that the field drawn by the server is known: the
 * app must take that very element over (a mismatch would draw the page again, with new ones).
 */
async function openRefilled(
  page: Page,
  { url, cookies }: { url: string; cookies: Cookies },
  field: Locator,
  value: string,
  selector: string,
): Promise<TakenOver> {
  const taken: TakenOver = { problems: [], nativePosts: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      taken.problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => taken.problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.method() === 'POST') taken.nativePosts.push(request.url());
  });
  await page.context().addCookies(cookies);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await expect(field).toHaveValue(value);
  const drawn = await field.elementHandle();
  release();
  await appTookOver(page, selector);
  // Drawn again (a mismatch) it would be a new element, and React would have logged why.
  const connected = await drawn!.evaluate((input) => input.isConnected);
  expect(connected, `the app took over the server's field; logged: ${taken.problems.join(' | ')}`).toBe(true);
  return taken;
}

/** Nothing went wrong while the app took the page over and was used, and no form left the app. */
function expectCleanTakeover({ problems, nativePosts }: TakenOver) {
  expect(problems).toEqual([]);
  expect(nativePosts).toEqual([]);
}

test('@mobile login: a wrong password comes back with the email, and the app signs in with the right one', async ({
  browser,
  page,
  request,
}) => {
  const account = await createAccount(request, newAccount('Refill Login'));
  const posted = await postWithoutJavaScript(browser, '/login', async (noJs) => {
    await form(noJs).getByLabel('Email', { exact: true }).fill(account.email);
    await form(noJs).getByLabel('Password', { exact: true }).fill('wrong horse battery');
    await form(noJs).getByRole('button', { name: 'Login', exact: true }).click();
  });
  expect(new URL(posted.url).pathname + new URL(posted.url).search).toBe(
    '/login?error=invalid_email_or_password',
  );

  const main = form(page);
  const email = main.getByLabel('Email', { exact: true });
  const taken = await openRefilled(page, posted, email, account.email, 'main input[name="email"]');
  await expect(email).toHaveValue(account.email);
  await expect(main.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(main.getByRole('alert')).toHaveText(FORM_ERRORS.invalid_email_or_password);

  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => accessToken(page)).toBeTruthy();
  expectCleanTakeover(taken);
});

for (const refusal of [
  { code: 'user_already_exists', why: 'an address already used', password: PASSWORD, used: true },
  { code: 'password_too_short', why: 'a too short password', password: 'short', used: false },
] as const) {
  test(`@mobile registration: ${refusal.why} comes back with name and email, and the app signs up once corrected`, async ({
    browser,
    page,
    request,
  }) => {
    const account = newAccount('Refill Registrant');
    if (refusal.used) await createAccount(request, account);
    const posted = await postWithoutJavaScript(browser, '/registration', async (noJs) => {
      await form(noJs).getByLabel('Name', { exact: true }).fill(account.name);
      await form(noJs).getByLabel('Email', { exact: true }).fill(account.email);
      await form(noJs).getByLabel('Password', { exact: true }).fill(refusal.password);
      await form(noJs).getByRole('button', { name: 'Sign Up' }).click();
    });
    expect(new URL(posted.url).search).toBe(`?error=${refusal.code}`);

    const main = form(page);
    const name = main.getByLabel('Name', { exact: true });
    const taken = await openRefilled(page, posted, name, account.name, 'main input[name="name"]');
    await expect(name).toHaveValue(account.name);
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(main.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(main.getByRole('alert')).toHaveText(FORM_ERRORS[refusal.code]);

    const email = refusal.used ? uniqueEmail('refill') : account.email;
    if (refusal.used) await main.getByLabel('Email', { exact: true }).fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('main')).toContainText(email);
    expectCleanTakeover(taken);
  });
}

test('@mobile forgot-password: a bad address comes back as typed, and the app sends the corrected one', async ({
  browser,
  page,
}) => {
  const typed = 'refill.at.nowhere';
  const posted = await postWithoutJavaScript(browser, '/forgot-password', async (noJs) => {
    await form(noJs).getByLabel('Email', { exact: true }).fill(typed);
    await form(noJs).getByRole('button', { name: 'Send reset link' }).click();
  });
  expect(new URL(posted.url).search).toBe('?error=invalid_email');

  const main = form(page);
  const email = main.getByLabel('Email', { exact: true });
  const taken = await openRefilled(page, posted, email, typed, 'main input[name="email"]');
  await expect(email).toHaveValue(typed);
  await expect(main.getByRole('alert')).toHaveText(FORM_ERRORS.invalid_email);

  await email.fill(uniqueEmail('refill'));
  await main.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that email, a reset link is on its way.'),
  ).toBeVisible();
  expect(new URL(page.url()).search).toBe('?error=invalid_email');
  expectCleanTakeover(taken);
});

test('@mobile newsletter: a bad email comes back with name, email and phone, and the app signs up the corrected one', async ({
  browser,
  page,
}) => {
  const typed = { name: 'Refill Reader', email: 'refill@localhost', phone: '+44 20 7946 0000' };
  const box = (on: Page) => on.getByRole('form', { name: 'Sign up for trade offers' });
  const posted = await postWithoutJavaScript(browser, '/', async (noJs) => {
    await box(noJs).getByLabel('Name', { exact: true }).fill(typed.name);
    await box(noJs).getByLabel('Email', { exact: true }).fill(typed.email);
    await box(noJs).getByLabel('Phone', { exact: true }).fill(typed.phone);
    await box(noJs).getByRole('button', { name: 'Stay with Us' }).click();
  });
  expect(posted.url.slice(new URL(posted.url).origin.length)).toBe('/?newsletter=invalid_email#newsletter');

  const email = box(page).getByLabel('Email', { exact: true });
  const taken = await openRefilled(page, posted, email, typed.email, '#newsletter input[name="email"]');
  await expect(box(page).getByLabel('Name', { exact: true })).toHaveValue(typed.name);
  await expect(email).toHaveValue(typed.email);
  await expect(box(page).getByLabel('Phone', { exact: true })).toHaveValue(typed.phone);
  await expect(page.getByRole('region', { name: 'Sign up for trade offers' }).getByRole('alert')).toHaveText(
    NEWSLETTER_OUTCOMES.invalid_email,
  );

  await email.fill(uniqueEmail('refill'));
  await box(page).getByRole('button', { name: 'Stay with Us' }).click();
  await expect(page.getByText(NEWSLETTER_OUTCOMES.check_inbox)).toBeVisible();
  expectCleanTakeover(taken);
});
