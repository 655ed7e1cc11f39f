import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormFill } from '#shared/form-posts.ts';
import type { RenderedPage } from '#shared/rendered-page.ts';
import type { SessionAnswer } from '#shared/session.ts';
import { ToolId } from '#shared/schemas/tool.ts';

/** A chunk of the web build, as Vite's manifest describes it. */
interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Params = Record<string, string>;

interface Page {
  /** The route, as src/web/app/router.tsx declares it (`:name` is a parameter). */
  path: string;
  /** The page's modules, as router.tsx imports them: keys of the manifest, relative to src/web. */
  modules: string[];
  /** The public API answers the page reads first. */
  data?: (params: Params) => string[];
  /** The page's largest image, when it is known before the page's code runs. */
  image?: (params: Params, lookup: ImageLookup) => Promise<string | undefined>;
  /** Behind a sign-in: the server draws it waiting for the session, and its code draws the rest. */
  needsSignIn?: true;
  /** The query parameters its first view reads; any other leaves the page as it is. */
  query?: string[];
}

/**
 * The page a visitor without a session gets at this address, as the visitors' page cache keys it:
 * the path of one of the store's public pages, and of the query only what the page reads, in a
 * fixed order; undefined for any other address (a page behind a sign-in, an unknown path), which
 * is drawn per request. `url` is the address to draw it from.
 */
export function visitorPage(url: string): { key: string; url: string } | undefined {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const page =
    FIXED_PAGES.get(path) ?? PAGES.find((p) => p.path.includes(':') && !p.needsSignIn && match(p.path, path));
  if (!page) return undefined;
  const query = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of page.query ?? []) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  const key = kept.size ? `${path}?${kept}` : path;
  return { key, url: key };
}

/** Finds a tool's image by its id (undefined for no such tool). */
export type ImageLookup = (toolId: string) => Promise<string | undefined>;

/**
 * What each page needs before it can draw itself. Without these links the browser learns of them
 * one after another: the app's code, then the page's, then its data, then its image.
 */
export const PAGES: Page[] = [
  // The tools and reviews come in the page itself (entry-server.tsx).
  ...['/', '/home'].map((path) => ({
    path,
    modules: ['app/routes/home.tsx'],
    image: async () => '/images/site/banner-1.svg',
    // The newsletter box's outcome, after it posted without JavaScript; what a confirmation link
    // did (it lands here with `email=confirmed`, or `error=<code>`).
    query: ['newsletter', 'email', 'error'],
  })),
  // The catalogue's answers come in the page itself, drawn for the URL's search.
  { path: '/tools', modules: ['app/routes/tools.tsx'], query: ['q', 'category', 'sort', 'cursor', 'from'] },
  {
    path: '/tools/:id',
    modules: ['app/routes/tools-detail.tsx'],
    image: async ({ id }, lookup) => (ToolId.safeParse(id).success ? lookup(id!) : undefined),
  },
  { path: '/blogs', modules: ['app/routes/blogs.tsx'] },
  { path: '/myPortfolio', modules: ['app/routes/portfolio.tsx'] },
  { path: '/login', modules: ['app/routes/login.tsx'], query: ['error', 'reset', 'step', 'redirect'] },
  { path: '/registration', modules: ['app/routes/registration.tsx'], query: ['error'] },
  { path: '/forgot-password', modules: ['app/routes/forgot-password.tsx'], query: ['sent', 'error'] },
  { path: '/reset-password', modules: ['app/routes/reset-password.tsx'], query: ['token', 'error'] },
  {
    path: '/purchase/:id',
    modules: ['app/routes/purchase.tsx'],
    // Only an id of the form the API accepts reaches the page's HTML.
    data: ({ id }) => (ToolId.safeParse(id).success ? [`/api/tool/${id}`] : []),
    image: async ({ id }, lookup) => (ToolId.safeParse(id).success ? lookup(id!) : undefined),
    needsSignIn: true,
  },
  ...(
    [
      ['', 'my-profile.tsx'],
      ['/myOrders', 'my-orders.tsx'],
      ['/addReview', 'add-review.tsx'],
      ['/payment/:orderId', 'payment.tsx'],
      ['/receipt/:orderId', 'receipt.tsx'],
      ['/overview', 'overview.tsx'],
      ['/manageOrders', 'manage-orders.tsx'],
      ['/addProducts', 'add-products.tsx'],
      ['/makeAdmin', 'make-admin.tsx'],
      ['/manageProducts', 'manage-products.tsx'],
      ['/editProduct/:id', 'edit-product.tsx'],
      ['/reviews', 'reviews.tsx'],
      ['/audit', 'audit.tsx'],
    ] as const
  ).map(([path, page]) => ({
    path: `/dashboard${path}`,
    modules: ['app/routes/dashboard/layout.tsx', `app/routes/dashboard/${page}`],
    needsSignIn: true as const,
  })),
];

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function match(pattern: string, path: string): Params | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Params = {};
  for (const [i, part] of want.entries()) {
    const value = got[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return undefined;
  }
  return params;
}

/** A page's first view drawn on the server (src/web/entry-server.tsx), and for whom. */
export interface DrawnPage extends RenderedPage {
  /** Drawn for the signed-in visitor the session cookie names. */
  signedIn: boolean;
}

/**
 * The SPA's index.html for a path, with the page's code, styles, data and largest image linked
 * from its head, so that the browser fetches them all at once with the app's own code, and the
 * page's first view drawn in its body by `render` (from the build's dist/web/ssr), with the
 * answers it was drawn from. Without a build manifest (a stand-in build in tests) no page has
 * links; without `render`, or when it fails, the page gets index.html's own stand-in, which the
 * app replaces.
 */
export function createPageHtml(
  webDir: string,
  lookupImage: ImageLookup,
  render?: (url: string, session: SessionAnswer | null, fill?: FormFill) => Promise<DrawnPage | undefined>,
) {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  const manifest: Record<string, Chunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};

  // What index.html already loads: the entry and its static imports.
  const initial = new Set<string>();
  const walk = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || initial.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach((imported) => walk(imported, into, css));
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (entry) walk(entry[0], initial, new Set());

  // The code and styles of each page, as links, worked out once.
  const codeLinks = new Map(
    PAGES.map((page) => {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      page.modules.forEach((module) => walk(module, scripts, styles));
      const links = [
        ...[...styles].map((file) => `<link rel="stylesheet" href="/${file}">`),
        ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      return [page, links.join('')];
    }),
  );

  /**
   * The page at `url` (its path and query), for the visitor of this session (null: no one's), with
   * the fields of a form refused just before (`fill`), and
   * its status: 404 for a path no page has, or a page that says it is not found (an unknown tool).
   */
  return async function pageHtml(
    url: string,
    session: SessionAnswer | null = null,
    fill?: FormFill,
  ): Promise<{ html: string; status: number }> {
    const path = url.split('?')[0] ?? '/';
    const { page, params = {} } =
      PAGES.map((candidate) => ({ page: candidate, params: match(candidate.path, path) })).find(
        (found) => found.params,
      ) ?? {};
    const drawn = render && (await render(url, session, fill));
    const image = await page?.image?.(params, lookupImage);
    // A page drawn for its visitor came with its answers; one drawn for no one will ask for them.
    const data = drawn?.signedIn ? [] : (page?.data?.(params) ?? []);
    const links = [
      ...(image
        ? [`<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`]
        : []),
      ...(page ? [codeLinks.get(page)!] : []),
      ...data.map(
        (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
      ),
    ].join('');
    // Replacements are functions: a drawn "$&" or "$'" (a tool's name) is text, not a pattern.
    let document = links ? html.replace('</head>', () => `${links}</head>`) : html;
    if (!drawn) return { html: document, status: page ? 200 : 404 };
    // The page's own title, description and links (React sends them first) go in the head, in
    // place of index.html's.
    const head = HOISTED.exec(drawn.html)?.[0] ?? '';
    if (head.includes('<title>')) document = document.replace(/<title>[^<]*<\/title>/, '');
    if (head.includes('<meta name="description"')) {
      document = document.replace(/<meta\s+name="description"[^>]*>/, '');
    }
    document = document.replace('</head>', () => `${head}</head>`);
    const body = drawn.html.slice(head.length);
    // The server drew the page: its styles and largest image come first, and the code that makes
    // it interactive after them. A page behind a sign-in, drawn for no one, is drawn by its code
    // once the session is known, so there the code stays first in line.
    if (drawn.signedIn || !page?.needsSignIn) {
      document = document.replace(
        /<script type="module"|<link rel="modulepreload"/g,
        '$& fetchpriority="low"',
      );
    }
    // The answers as data, not code: a JSON script is never run, and the CSP allows no inline code.
    const state = JSON.stringify(drawn.state).replace(/</g, '\\u003c');
    const drawnDocument = document.replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      (_, end: string) =>
        `<div id="root">${body}</div><script id="torque-state" type="application/json">${state}</script>${end}`,
    );
    return { html: drawnDocument, status: drawn.status ?? 200 };
  };
}

/** The title, meta and link tags React draws first in a page (its hoisted head elements). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/>|<link\b[^>]*\/>)+/;

const FIXED_PAGES = new Map(
  PAGES.filter((page) => !page.path.includes(':')).map((page) => [page.path, page]),
);
