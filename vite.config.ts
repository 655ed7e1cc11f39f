import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best
 * levels, for @fastify/static to send to browsers that accept them (its `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'torque-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Writes .vite/packages.json: the npm packages each chunk of the build holds. bench/bundle.ts reads
 * it to prove that Swiper and Stripe's code load only on the routes that use them (DESIGN §6).
 */
function chunkPackages(): Plugin {
  return {
    name: 'torque-chunk-packages',
    apply: 'build',
    generateBundle(_, bundle) {
      const packages: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const names = chunk.moduleIds.map((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1]);
        packages[chunk.fileName] = [...new Set(names.filter((name) => name !== undefined))].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/packages.json',
        source: `${JSON.stringify(packages, null, 1)}\n`,
      });
    },
  };
}

// The SPA lives in src/web; its build lands in dist/web, which the server serves. The second build
// (`vite build --ssr`) is the module the server draws each page's first view with, in dist/web/ssr
// (entry-server.tsx): one file, its dependencies bundled in, never served.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress(), chunkPackages()])],
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the store runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: '../../dist/web/ssr', emptyOutDir: true, target: 'node22', copyPublicDir: false }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        // bench/bundle.ts reads it to measure what the first page load needs.
        manifest: true,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
