// `npm run build`: the SPA (Vite, into dist/web, with the module that renders its pages on the
// server in dist/web/ssr) and the server (esbuild, into dist/server).
// `--if-stale` builds only a part that is missing or older than its sources: `npm start` runs it
// first, so a new clone, or one just pulled, starts on a build of what it holds.
//
// The server is bundled because Node spends over a second resolving the ~1,200 modules of its
// dependencies one by one (decision 008); the bundle starts in half the time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const ifStale = process.argv.includes('--if-stale');

/** The newest modification time among these files and folders (recursively), in ms. */
function newest(paths: string[]): number {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    } else latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

const stale = (output: string, sources: string[]) =>
  !ifStale || !existsSync(output) || statSync(output).mtimeMs < newest(sources);

const common = ['src/shared', 'package-lock.json'];

if (stale('dist/web/index.html', ['src/web', 'public', 'vite.config.ts', ...common])) {
  if (ifStale) console.log('Building the web app (`npm run build` rebuilds it)…');
  for (const ssr of [[], ['--ssr', 'entry-server.tsx']]) {
    // Always the production build, whatever NODE_ENV says (a test run sets `test`): JSX compiled
    // for development calls jsxDEV, which React's production build on the server does not have.
    const { status } = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...ssr], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (status !== 0) process.exit(status ?? 1);
  }
}

if (stale('dist/server/main.js', ['src/server', 'drizzle', 'scripts/build.ts', ...common])) {
  if (ifStale) console.log('Building the server…');
  rmSync('dist/server', { recursive: true, force: true });
  await build({
    // The embedded database's worker thread runs a file of its own (decision 019).
    entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
    outdir: 'dist/server',
    bundle: true,
    // Modules loaded only when configured (Stripe, Redis) stay in chunks of their own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: [
      // Read files beside their own code (PGlite's WebAssembly, the API docs page's assets).
      '@electric-sql/pglite',
      '@fastify/swagger-ui',
      // pg's optional native binding, never installed.
      'pg-native',
    ],
    // Bundled CommonJS dependencies call require() for Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  // The empty database a new DATA_DIR starts from (decision 022): PGlite's initdb, run here once
  // instead of at the store's first start, where it peaked at 670 MB.
  const { PGlite } = await import('@electric-sql/pglite');
  const empty = await PGlite.create();
  writeFileSync('dist/server/pglite-cluster.tar.gz', await (await empty.dumpDataDir('gzip')).bytes());
  await empty.close();
}
