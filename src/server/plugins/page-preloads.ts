import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolId } from '../../shared/schemas/tool.ts';

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
}

/** Finds a tool's image by its id (undefined for no such tool). */
export type ImageLookup = (toolId: string) => Promise<string | undefined>;

const layout = 'features/dashboard/dashboard-layout.tsx';

/**
 * What each page needs before it can draw itself. Without these links the browser learns of them
 * one after another: the app's code, then the page's, then its data, then its image (issue 7).
 */
export const PAGES: Page[] = [
  ...['/', '/home'].map((path) => ({
    path,
    modules: ['features/home/home-page.tsx'],
    data: () => ['/api/tools', '/api/reviews'],
    image: async () => '/images/site/banner-1.svg',
  })),
  { path: '/blogs', modules: ['features/blogs/blogs-page.tsx'] },
  { path: '/myPortfolio', modules: ['features/portfolio/portfolio-page.tsx'] },
  { path: '/login', modules: ['features/auth/login-page.tsx'] },
  { path: '/registration', modules: ['features/auth/registration-page.tsx'] },
  { path: '/forgot-password', modules: ['features/auth/forgot-password-page.tsx'] },
  { path: '/reset-password', modules: ['features/auth/reset-password-page.tsx'] },
  {
    path: '/purchase/:id',
    modules: ['features/purchase/purchase-page.tsx'],
    // Only an id of the form the API accepts reaches the page's HTML.
    data: ({ id }) => (ToolId.safeParse(id).success ? [`/api/tool/${id}`] : []),
    image: async ({ id }, lookup) => (ToolId.safeParse(id).success ? lookup(id!) : undefined),
  },
  { path: '/dashboard', modules: [layout, 'features/profile/my-profile-page.tsx'] },
  { path: '/dashboard/myOrders', modules: [layout, 'features/orders/my-orders-page.tsx'] },
  { path: '/dashboard/addReview', modules: [layout, 'features/dashboard/add-review-page.tsx'] },
  { path: '/dashboard/payment/:orderId', modules: [layout, 'features/payment/payment-page.tsx'] },
  { path: '/dashboard/manageOrders', modules: [layout, 'features/dashboard/manage-orders-page.tsx'] },
  { path: '/dashboard/addProducts', modules: [layout, 'features/dashboard/add-products-page.tsx'] },
  { path: '/dashboard/makeAdmin', modules: [layout, 'features/dashboard/make-admin-page.tsx'] },
  { path: '/dashboard/manageProducts', modules: [layout, 'features/dashboard/manage-products-page.tsx'] },
  { path: '/dashboard/audit', modules: [layout, 'features/admin/audit-page.tsx'] },
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

/**
 * The SPA's index.html for a path, with the page's code, styles, public data and largest image
 * linked from its head, so that the browser fetches them all at once with the app's own code.
 * Without a build manifest (a stand-in build in tests) every path gets index.html as it is.
 */
export function createPageHtml(webDir: string, lookupImage: ImageLookup) {
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

  return async function pageHtml(path: string): Promise<string> {
    for (const page of PAGES) {
      const params = match(page.path, path);
      if (!params) continue;
      const image = await page.image?.(params, lookupImage);
      const links = [
        ...(image
          ? [`<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`]
          : []),
        codeLinks.get(page)!,
        ...(page.data?.(params) ?? []).map(
          (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
        ),
      ];
      return html.replace('</head>', `${links.join('')}</head>`);
    }
    return html;
  };
}
