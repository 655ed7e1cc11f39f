import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/**
 * Serves the built SPA: hashed assets are immutable, index.html is never cached, and every path
 * that is neither a file nor /api gets index.html so that the client router can answer it.
 * Unknown /api paths get the JSON 404 of DESIGN §3.
 */
export default fp(async function web(app: FastifyInstance, { config }: { config: Config }) {
  const built = existsSync(join(config.webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw new HttpError(404, 'not_found', `No such API call: ${req.method} ${path}`);
    }
    if (!built) {
      throw new HttpError(503, 'web_not_built', 'The web app is not built yet: run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
