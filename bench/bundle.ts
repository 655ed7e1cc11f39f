import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  src?: string;
}

/** Code that only some pages need (DESIGN §6), and the pages allowed to load it. */
const ROUTE_ONLY = [
  { name: 'Swiper', packages: ['swiper'], pages: ['app/routes/home.tsx'] },
  {
    name: 'payment',
    packages: ['@stripe/stripe-js', '@stripe/react-stripe-js'],
    pages: ['app/routes/dashboard/payment.tsx'],
  },
];

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * Gzip sizes of what the first page load needs, and of each lazily loaded route chunk; and, for
 * Swiper's and the payment code, the pages that load it (vite.config.ts records each chunk's
 * packages): the first load, or any page but its own, is a miss.
 */
export function benchBundle(webDir = 'dist/web') {
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(join(webDir, file))).length;
  const entry = Object.values(manifest).find((c) => c.isEntry)!;
  // The entry and everything it imports statically load before the first paint.
  const initial = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(walk);
  };
  initial.add(entry.file);
  entry.imports?.forEach(walk);
  const routes = Object.values(manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => ({ route: c.src ?? c.file, jsKb: kb(gz(c.file)) }))
    .sort((a, b) => b.jsKb - a.jsKb);
  const packages = JSON.parse(readFileSync(join(webDir, '.vite', 'packages.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const holds = (files: Iterable<string>, names: string[]) =>
    [...files].some((file) => packages[file]?.some((name) => names.includes(name)));
  // Each lazily loaded part of the app, with every chunk it may load, now or later.
  const loads = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) loads(next, files);
    return files;
  };
  const routeOnly = ROUTE_ONLY.map(({ name, packages: names, pages }) => {
    const loadedBy = (entry.dynamicImports ?? []).filter((key) => holds(loads(key), names));
    return {
      name,
      inFirstLoad: holds(initial, names),
      loadedBy,
      elsewhere: loadedBy.filter((key) => !pages.includes(key)),
    };
  });
  return {
    initialJsKb: kb([...initial].reduce((sum, f) => sum + gz(f), 0)),
    initialCssKb: kb([...css].reduce((sum, f) => sum + gz(f), 0)),
    routes,
    routeOnly,
  };
}
