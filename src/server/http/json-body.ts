import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty one is no
 * body: a client that sends `Content-Type: application/json` on every call, as SPEC's original
 * client may, is not refused a DELETE or a PUT without fields (Fastify answers 400 'Body cannot be
 * empty when content-type is set to application/json').
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : parse(req, body as string, done),
  );
});
