import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  src?: string;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** Gzip sizes of what the first page load needs, and of each lazily loaded route chunk. */
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
  return {
    initialJsKb: kb([...initial].reduce((sum, f) => sum + gz(f), 0)),
    initialCssKb: kb([...css].reduce((sum, f) => sum + gz(f), 0)),
    routes,
  };
}
