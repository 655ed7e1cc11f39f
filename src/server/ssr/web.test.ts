import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { reviews as reviewsTable, tools as toolsTable } from '#server/db/schema.ts';
import { PAGES } from './page-preloads.ts';

// A stand-in build: the plugin serves whatever vite wrote, so the test writes its own files.
let dir: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'torque-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Torque</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await mkdir(join(dir, 'images'));
  await writeFile(join(dir, 'images', 'drill.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await mkdir(join(dir, 'ssr'));
  await writeFile(join(dir, 'ssr', 'server-only.js'), 'export const secret = 1;');
  // A stand-in of Vite's build manifest: the entry, and two pages sharing a chunk with it.
  await mkdir(join(dir, '.vite'));
  await writeFile(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-r1.js' },
      '_money.ts': { file: 'assets/money-m1.js', imports: ['_react.js'] },
      'app/routes/home.tsx': {
        file: 'assets/home-page-h1.js',
        isDynamicEntry: true,
        imports: ['_react.js', '_money.ts'],
        css: ['assets/home-page-h1.css'],
      },
      'app/routes/purchase.tsx': {
        file: 'assets/purchase-page-p1.js',
        isDynamicEntry: true,
        imports: ['_money.ts'],
      },
    }),
  );
  t = await createTestApp({ webDir: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

it.each([
  ['/', 200],
  ['/home', 200],
  ['/blogs', 200],
  ['/tools?q=drill', 200],
  ['/purchase/123', 200],
  ['/dashboard/myOrders', 200],
  // DESIGN §5.10: a path no page has answers 404, with the app's Page Not Found.
  ['/no/such/page', 404],
])('answers %s with the SPA, never cached', async (path, status) => {
  const res = await t.app.inject(path);
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('<div id="root">');
  expect(res.headers['cache-control']).toBe('private, no-cache');
});

it('serves hashed assets as immutable', async () => {
  const res = await t.app.inject('/assets/index-abc123.js');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('serves images by their names, revalidated', async () => {
  const res = await t.app.inject('/images/drill.svg');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  expect(res.headers['cache-control']).toBe('no-cache');
});

it.each([
  '/index.html',
  '/.vite/manifest.json',
  '/ssr/server-only.js',
  '/assets/none.js',
  '/images/../index.html',
])('answers %s with the Page Not Found: only assets and images are files a browser gets', async (path) => {
  const res = await t.app.inject(path);
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('<div id="root">');
});

it('keeps /api paths out of the SPA fallback', async () => {
  const res = await t.app.inject('/api/unknown/thing');
  expect(res.statusCode).toBe(404);
  expect(res.json().error.code).toBe('not_found');
});

it('tells the user to build the web app when there is no build', async () => {
  const bare = await createTestApp({ webDir: join(dir, 'missing') });
  try {
    const res = await bare.app.inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('npm run build');
  } finally {
    await bare.close();
  }
});

describe('what a page needs first, linked from its HTML', () => {
  const links = (html: string) => html.match(/<link [^>]+>/g) ?? [];

  it('links the home page its code and styles and its banner (its catalogue comes in the page)', async () => {
    const html = (await t.app.inject('/')).body;
    expect(links(html)).toEqual([
      '<link rel="preload" as="image" href="/images/site/banner-1.svg" fetchpriority="high">',
      '<link rel="stylesheet" href="/assets/home-page-h1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/home-page-h1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/money-m1.js">',
    ]);
    // What the entry loads already is not linked twice.
    expect(html).not.toContain('react-r1.js');
    expect((await t.app.inject('/home')).body).toBe(html);
  });

  it("links a purchase page its tool's answer and image, found in the catalogue", async () => {
    const [tool] = (await t.app.inject('/api/tools')).json() as { _id: string; img: string }[];
    const html = (await t.app.inject(`/purchase/${tool!._id}`)).body;
    expect(links(html)).toEqual([
      `<link rel="preload" as="image" href="${tool!.img}" fetchpriority="high">`,
      '<link rel="modulepreload" crossorigin href="/assets/purchase-page-p1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/money-m1.js">',
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/tool/${tool!._id}">`,
    ]);
  });

  it('puts nothing of an address that is not a tool id into the page', async () => {
    for (const id of ['%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x"><b>', 'not-a-tool']) {
      const html = (await t.app.inject(`/purchase/${id}`)).body;
      expect(html, id).not.toMatch(/as="(fetch|image)"/);
      expect(html, id).not.toContain('<script');
      expect(html, id).not.toContain('<b>');
    }
    // An id of the right form names no tool: the page will ask for it, but there is no image.
    const unknown = crypto.randomUUID();
    const html = (await t.app.inject(`/purchase/${unknown}`)).body;
    expect(html).toContain(`as="fetch" crossorigin="anonymous" href="/api/tool/${unknown}"`);
    expect(html).not.toContain('as="image"');
  });

  it('serves other paths the SPA as built', async () => {
    const built = await readFile(join(dir, 'index.html'), 'utf8');
    expect((await t.app.inject('/no/such/page')).body).toBe(built);
  });

  it('knows every page the web router loads', async () => {
    const router = await readFile('src/web/app/router.tsx', 'utf8');
    const routed = [...router.matchAll(/import\('\.\/(routes\/[^']+)'\)/g)].map((m) => `app/${m[1]}`);
    const linked = new Set(PAGES.flatMap((page) => page.modules));
    // The not-found page answers any path: it has no route of its own to link.
    expect(routed.filter((module) => !linked.has(module!))).toEqual(['app/routes/not-found.tsx']);
    expect([...linked].filter((module) => !routed.includes(module))).toEqual([]);
  });
});

describe('a page drawn by the server', () => {
  // The same stand-in build, with a stand-in of the renderer the build puts in ssr/: it reads the
  // catalogue through the API calls the server answers it, and fails on /broken.
  let drawn: Awaited<ReturnType<typeof createTestApp>>;
  let drawnDir: string;
  const shell = '<div id="root"><p>Loading</p></div>';
  beforeAll(async () => {
    drawnDir = await mkdtemp(join(tmpdir(), 'torque-web-ssr-'));
    await cp(dir, drawnDir, { recursive: true });
    await writeFile(
      join(drawnDir, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
        `</head><body>${shell}</body></html>`,
    );
    await mkdir(join(drawnDir, 'ssr'), { recursive: true });
    await writeFile(
      join(drawnDir, 'ssr', 'entry-server.js'),
      `export async function renderPage(url, fetchApi, user) {
        globalThis.torqueRenders = (globalThis.torqueRenders ?? 0) + 1;
        if (url.startsWith('/broken')) throw new Error('cannot draw');
        // A title of dollars, as React escapes a tool named "Save $' now $& deal $$ and $\`".
        if (url.startsWith('/dollars')) {
          return { html: '<title>Save $&#x27; now $&amp; deal $$ and $\`</title><main>dollars</main>', state: {} };
        }
        const tools = await (await fetchApi('/api/tools', {})).json();
        const own = user ? (await fetchApi('/api/user/' + user.email, {})).status : 'none';
        const who = user ? user.name + ' ' + user.email : 'a visitor';
        return {
          html: '<main>' + tools.length + ' tools at ' + url + ' for ' + who + ', own answer: ' + own + '</main>',
          state: { note: '</script><b>' },
        };
      }`,
    );
    drawn = await createTestApp({ webDir: drawnDir });
  });
  afterAll(async () => {
    await drawn.close();
    await rm(drawnDir, { recursive: true, force: true });
  });

  it('sends the page drawn from the API answers, with those answers as data the page can read', async () => {
    const tools = (await drawn.app.inject('/api/tools')).json() as unknown[];
    // Of the query, the page is drawn with what it reads (login: the error), and nothing else.
    const html = (await drawn.app.inject('/login?from=mail&error=x')).body;
    expect(html).toContain(
      `<div id="root"><main>${tools.length} tools at /login?error=x for a visitor, own answer: none</main></div>`,
    );
    expect(html).not.toContain(shell);
    const state = html.match(/<script id="torque-state" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(state).not.toContain('<');
    expect(JSON.parse(state!)).toEqual({ note: '</script><b>' });
  });

  it("draws the home page for the query a confirmation link lands with, so the app's first render matches it", async () => {
    const html = (await drawn.app.inject('/?email=confirmed&error=INVALID_TOKEN&utm_source=mail')).body;
    expect(html).toContain('tools at /?email=confirmed&error=INVALID_TOKEN for a visitor');
  });

  it("puts a page's title in its head as drawn, dollar signs and all", async () => {
    const html = (await drawn.app.inject('/dollars')).body;
    expect(html.match(/<title>.*?<\/title>/g)).toEqual([
      '<title>Save $&#x27; now $&amp; deal $$ and $`</title>',
    ]);
    expect(html.split('</head>')).toHaveLength(2);
    expect(html).toContain('<div id="root"><main>dollars</main></div>');
  });

  it('draws a page for the visitor its session cookie names, reading with their session', async () => {
    const account = await signUp(drawn.app, 'drawn');
    const mine = (await drawn.app.inject({ url: '/dashboard', headers: { cookie: account.cookie } })).body;
    expect(mine).toContain(`for ${account.name} ${account.email}, own answer: 200</main>`);
    // Its code comes after its styles: the page is drawn.
    expect(mine).toContain('<script type="module" fetchpriority="low"');
    // Its purchase page came with the tool: the browser is not sent to ask for it again.
    const [tool] = (await drawn.app.inject('/api/tools')).json() as { _id: string }[];
    const purchase = (
      await drawn.app.inject({ url: `/purchase/${tool!._id}`, headers: { cookie: account.cookie } })
    ).body;
    expect(purchase).toContain(`tools at /purchase/${tool!._id} for ${account.name}`);
    expect(purchase).not.toContain('as="fetch"');
    expect((await drawn.app.inject(`/purchase/${tool!._id}`)).body).toContain('as="fetch"');
    // A cookie that names no session is a visitor's.
    const forged = 'better-auth.session_token=forged.value';
    const theirs = (await drawn.app.inject({ url: '/dashboard', headers: { cookie: forged } })).body;
    expect(theirs).toContain('for a visitor, own answer: none</main>');
    expect(theirs).not.toContain(account.email);
  });

  it("puts a drawn page's code after its styles and images, but not a page behind a sign-in", async () => {
    const low = '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">';
    const home = (await drawn.app.inject('/')).body;
    expect(home).toContain(low);
    expect(home).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/money-m1.js">',
    );
    const orders = (await drawn.app.inject('/dashboard/myOrders')).body;
    expect(orders).toContain('<main>');
    expect(orders).not.toContain('fetchpriority="low"');
  });

  it('sends the stand-in, with its code first in line, when the page cannot be drawn', async () => {
    const res = await drawn.app.inject('/broken');
    // No page has this path: the stand-in is sent as a 404.
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(shell);
    expect(res.body).not.toContain('torque-state');
    expect(res.body).not.toContain('fetchpriority="low"');
  });

  it("draws a visitor's page once for every visitor, and again within a second of a catalogue change", async () => {
    const renders = () => (globalThis as { torqueRenders?: number }).torqueRenders ?? 0;
    const tools = (await drawn.app.inject('/api/tools')).json() as { _id: string }[];
    const first = (await drawn.app.inject('/')).body;
    const drawnSoFar = renders();
    const again = await drawn.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first);
    expect(renders()).toBe(drawnSoFar);

    // Drawn for each request: a signed-in visitor's page, an unknown address.
    const account = await signUp(drawn.app, 'cached');
    for (const request of [{ url: '/', headers: { cookie: account.cookie } }, { url: '/no/such/page' }]) {
      const before = renders();
      await drawn.app.inject(request);
      await drawn.app.inject(request);
      expect(renders(), request.url).toBe(before + 2);
    }

    // The visitors' page, never drawn again (DESIGN §6): for a query the page does not read, a
    // made-up session cookie, or the signed cookie of a session that has ended.
    const ended = await signUp(drawn.app, 'ended');
    await drawn.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: ended.cookie, origin: drawn.app.config.publicUrl },
    });
    for (const request of [
      { url: '/?from=mail' },
      { url: '/?v=1&v=2' },
      { url: '/', headers: { cookie: 'better-auth.session_token=madeup.c2lnbmF0dXJl' } },
      { url: '/', headers: { cookie: `theme=dark; ${ended.cookie}` } },
    ]) {
      const before = renders();
      const res = await drawn.app.inject(request);
      expect(res.body, JSON.stringify(request)).toBe(first);
      expect(renders(), JSON.stringify(request)).toBe(before);
    }

    // A search and a product page are drawn once for every visitor too, by what they read.
    for (const [url, same] of [
      ['/tools?q=drill&utm=mail', '/tools?q=drill'],
      [`/tools/${tools[0]!._id}?from=ad`, `/tools/${tools[0]!._id}`],
    ] as const) {
      await drawn.app.inject(url);
      const before = renders();
      expect((await drawn.app.inject(same)).statusCode).toBe(200);
      expect(renders(), same).toBe(before);
    }

    // The catalogue changes (on any instance): a visitor's page shows it a second later at most.
    await drawn.db
      .update(toolsTable)
      .set({ archivedAt: new Date() })
      .where(eq(toolsTable.id, tools.at(-1)!._id));
    await vi.waitFor(
      async () => {
        expect((await drawn.app.inject('/')).body).toContain(
          `<main>${tools.length - 1} tools at / for a visitor`,
        );
      },
      { timeout: 3_000 },
    );
  });

  it("draws the visitors' pages again at once when a review changes (an admin's delete), without the hold", async () => {
    const renders = () => (globalThis as { torqueRenders?: number }).torqueRenders ?? 0;
    const [review] = await drawn.db.select({ id: reviewsTable.id }).from(reviewsTable).limit(1);
    const touch = () =>
      drawn.db.update(reviewsTable).set({ deletedAt: new Date() }).where(eq(reviewsTable.id, review!.id));
    // Drawn just now, after a review changed: a page that the hold would keep for a second.
    await touch();
    await vi.waitFor(async () => {
      const before = renders();
      await drawn.app.inject('/');
      expect(renders()).toBe(before + 1);
    });
    await touch();
    await vi.waitFor(
      async () => {
        const before = renders();
        await drawn.app.inject('/');
        expect(renders()).toBe(before + 1);
      },
      { timeout: 500 },
    );
  });

  it("does not serve the renderer itself, nor the build's manifest", async () => {
    const res = await drawn.app.inject('/ssr/entry-server.js');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('renderPage');
    const manifest = await drawn.app.inject('/.vite/manifest.json');
    expect(manifest.headers['content-type']).toMatch(/text\/html/);
    expect(manifest.body).not.toContain('isEntry');
  });
});
