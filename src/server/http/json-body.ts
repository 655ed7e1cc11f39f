import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty one is no
 * body: a client that sends `Content-Type: application/json` on every call, as SPEC's original
 * client may, is not refused a DELETE or a PUT without fields (Fastify answers 400 'Body cannot be
 * empty when content-type is set to application/json').
 *
 * A body with a `__proto__` key, or `constructor` holding `prototype`, is valid JSON that Fastify
 * refuses (its onProtoPoisoning and onConstructorPoisoning, 'error'): it is still refused, saying
 * why, where Fastify says only that it is not valid JSON.
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    parse(req, body as string, (err, value) => {
      if (err && isJson(body as string)) {
        return done(
          new HttpError(
            400,
            'invalid_input',
            'The keys "__proto__" and "constructor" (with "prototype") are not accepted in a body.',
          ),
          undefined,
        );
      }
      done(err, value);
    });
  });
});

/** Whether `text` is JSON by the plain parser: past Fastify's refusal, only a poisoning key. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
