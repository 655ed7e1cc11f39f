import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

const NUL = 'Text may not contain NUL characters.';
const LONE_SURROGATE =
  'Text may not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair): send valid Unicode.';

/** Why a string cannot be stored as text, if it cannot. */
const flaw = (s: string): string | undefined =>
  s.includes('\u0000') ? NUL : s.isWellFormed() ? undefined : LONE_SURROGATE;

/**
 * The path ("address", "card.number") of the first string that cannot be stored as text, and
 * why, if there is one.
 */
function flawIn(value: unknown, path = '', depth = 0): { at: string; message: string } | undefined {
  if (typeof value === 'string') {
    const message = flaw(value);
    return message === undefined ? undefined : { at: path, message };
  }
  if (depth > 32 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = flawIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) {
      return { ...found, at: found.at.replace(/^(body|params|querystring)\.?/, '') };
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate (which JSON's "\ud800" escape makes)
 * is no character at all: it would be stored silently as U+FFFD. Both are refused at the door
 * (400), before any query sees them. NUL can come as %00 in the address or as \u0000 in a body; a
 * lone surrogate only in a body (an address is UTF-8, which cannot spell one). A route outside the
 * `/api` scope that registers this plugin (better-auth's) uses it as its own preValidation.
 */
export function refuseNul(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  if (req.body === undefined && !req.url.includes('%00')) return done();
  const found = flawIn({ params: req.params, querystring: req.query, body: req.body });
  if (found === undefined) return done();
  done(
    new HttpError(400, 'invalid_input', 'Some fields are not valid.', {
      [found.at || 'input']: found.message,
    }),
  );
}

export default fp(async function nulGuard(app: FastifyInstance) {
  app.addHook('preValidation', refuseNul);
});
