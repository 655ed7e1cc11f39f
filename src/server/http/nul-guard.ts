import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/** The path ("address", "card.number") of the first string holding a NUL character, if any. */
function nulIn(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found.replace(/^(body|params|querystring)\.?/, '');
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL: refused at the door (400), before any query sees it. It can
 * only come as %00 in the address or as \u0000 in a body. A route outside the `/api` scope that
 * registers this plugin (better-auth's) uses it as its own preValidation.
 */
export function refuseNul(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  if (req.body === undefined && !req.url.includes('%00')) return done();
  const at = nulIn({ params: req.params, querystring: req.query, body: req.body });
  if (at === undefined) return done();
  done(
    new HttpError(400, 'invalid_input', 'Some fields are not valid.', {
      [at || 'input']: 'Text may not contain NUL characters.',
    }),
  );
}

export default fp(async function nulGuard(app: FastifyInstance) {
  app.addHook('preValidation', refuseNul);
});
