import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/schemas/error.ts';

/** An answer the API means to give: status, a stable code and a message a person can read. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

// Postgres SQLSTATE classes and socket errors that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** The error and its causes, outermost first (drizzle wraps the driver's error in `cause`). */
export function* errorChain(err: unknown): Generator<Error> {
  for (let e: unknown = err; e instanceof Error; e = e.cause) yield e;
}

function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

function body(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** The one error handler (DESIGN §3): every failure leaves as {error: {code, message, fields?}}. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'input');
        fields[key] ??= issue.message ?? 'Not valid.';
      }
      return reply.code(400).send(body('invalid_input', 'Some fields are not valid.', fields));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err, method: req.method, url: req.url }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'The store is briefly unavailable. Please try again in a moment.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit): keep the
      // status, give the shape.
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 429
            ? 'rate_limited'
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
              ? 'invalid_json'
              : 'bad_request';
      return reply.code(status).send(body(code, err.message));
    }
    req.log.error({ err, method: req.method, url: req.url }, 'unhandled error');
    return reply.code(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
});
