import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { cachedTool } from '../features/tools/tools.service.ts';
import { HttpError } from './errors.ts';
import { createPageHtml } from './page-preloads.ts';

/**
 * Serves the built SPA, precompressed (brotli or gzip): hashed assets are immutable. Every path
 * that is neither a file nor /api gets index.html, never cached, with the links its page needs
 * first (page-preloads.ts), so that the client router can answer it. Unknown /api paths get the
 * JSON 404 of DESIGN §3.
 */
export default fp(async function web(app: FastifyInstance, { config }: { config: Config }) {
  const built = existsSync(join(config.webDir, 'index.html'));
  const pageHtml =
    built &&
    createPageHtml(config.webDir, async (toolId) => {
      const tool = await cachedTool(app.catalogue, app.db, toolId);
      return tool.empty ? undefined : (JSON.parse(tool.body.toString()) as { img: string }).img;
    });
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw new HttpError(404, 'not_found', `No such API call: ${req.method} ${path}`);
    }
    if (!pageHtml) {
      throw new HttpError(503, 'web_not_built', 'The web app is not built yet: run `npm run build`.');
    }
    const html = await pageHtml(path);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // A page's HTML carries its own links, so it is compressed here rather than at build time.
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      return reply.header('content-encoding', 'br').send(brotliCompressSync(html, brotliFast));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  });
});

/** A few kilobytes of HTML: quality 5 compresses them nearly as well as 11, in a fraction of the time. */
const brotliFast = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
