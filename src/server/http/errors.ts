import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiError } from '#shared/schemas/error.ts';
import { errorChain } from '#server/db/client.ts';
import { loggableUrl } from '#server/logger.ts';
import {
  Conflict,
  DomainError,
  Invalid,
  LimitReached,
  NotFound,
  PaymentDeclined,
} from '#server/domain-errors.ts';

/**
 * An answer the HTTP layer means to give (sign-in needed, not yours, rate limited): status, a
 * stable code and a message a person can read. Services throw domain errors instead.
 */
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

/** The one mapping from a domain error to its status. */
function statusOf(err: DomainError): number {
  if (err instanceof NotFound) return 404;
  if (err instanceof Conflict) return 409;
  if (err instanceof Invalid) return 400;
  if (err instanceof PaymentDeclined) return 402;
  if (err instanceof LimitReached) return 429;
  return 500;
}

/**
 * Marks a schema issue meaning "this names nothing" (a malformed id, see params.ts): the call is
 * answered 404 with the issue's message, as for an unknown id, rather than 400.
 */
export const NAMES_NOTHING = 'namesNothing';

// Postgres SQLSTATE classes and socket errors that mean "the database is not reachable right now".
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** Why the database cannot do this right now, if that is why the call failed. */
function databaseTrouble(err: unknown): 'unreachable' | 'resources' | undefined {
  for (const e of errorChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return 'unreachable';
      // Class 53 (disk full, out of memory, too many connections), an I/O error, a full disk
      // under PGlite: nothing can be stored just now.
      if (code.startsWith('53') || code === '58030' || code === 'ENOSPC') return 'resources';
    }
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(e.message))
      return 'unreachable';
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** When a call last failed for want of disk, memory or connections (ms since the epoch; 0: never). */
    resourceFailure: { at: number };
  }
}

function body(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** What a field of the wrong type should have been, in words. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** What a body that is no JSON object is, in words. */
const notAnObject = (input: unknown) =>
  input === undefined
    ? 'this call has none'
    : `not ${Array.isArray(input) ? 'a list' : input === null ? 'null' : (EXPECTED[typeof input] ?? typeof input)}`;

// The words of a field left out, of the wrong type or not one of its values, where its schema gives
// none of its own (zod's would be "Invalid input: expected string, received undefined", "Invalid
// input: expected true").
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_value') {
      const values = issue.values.map(String);
      return values.length === 1 ? `Must be ${values[0]}` : `One of ${values.join(', ')}`;
    }
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return 'Required';
    // A query parameter given twice (?q=a&q=b) arrives as a list.
    if (Array.isArray(issue.input) && issue.expected !== 'array') return 'Give one value, not several';
    return `Must be ${EXPECTED[issue.expected] ?? issue.expected}`;
  },
});

type ValidationIssue = {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
};
const namesNothing = (issue: ValidationIssue) =>
  (issue.params?.params as Record<string, unknown> | undefined)?.[NAMES_NOTHING] === true;

/** The one error handler (DESIGN §3): every failure leaves as {error: {code, message, fields?}}. */
export default fp(async function errors(app: FastifyInstance) {
  app.decorate('resourceFailure', { at: 0 });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (err instanceof DomainError) {
      return reply.code(statusOf(err)).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as ValidationIssue[];
      if (issues.every(namesNothing)) {
        return reply.code(404).send(body('not_found', issues[0]?.message ?? 'Not found'));
      }
      // The body as a whole is no object (a list, a string, null, none): say so, rather than that
      // "some fields" are not valid, or that it should be "one value, not several".
      if (
        err.validationContext === 'body' &&
        issues.some((issue) => issue.instancePath === '/' && issue.keyword === 'invalid_type')
      ) {
        const message = `The body must be a JSON object ({"field": value, …}), ${notAnObject(req.body)}.`;
        return reply.code(400).send(body('invalid_input', message, { body: message }));
      }
      const fields: Record<string, string> = {};
      for (const issue of issues) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'input');
        fields[key] ??= issue.message ?? 'Not valid.';
      }
      return reply.code(400).send(body('invalid_input', 'Some fields are not valid.', fields));
    }
    const trouble = databaseTrouble(err);
    if (trouble) {
      // /api/ready reads it: a store that cannot write is taken out of the balancer for a while.
      if (trouble === 'resources') app.resourceFailure.at = Date.now();
      req.log.error(
        { err, method: req.method, url: loggableUrl(req.url) },
        `database unavailable (${trouble})`,
      );
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'The store is briefly unavailable. Please try again in a moment.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit): keep the
      // status, give the shape.
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        // The API reads JSON; the pages' own forms (form-posts.ts) are posted as forms.
        const message = req.url.startsWith('/api/')
          ? 'Send the body as JSON (Content-Type: application/json).'
          : 'Send the form as a web form (Content-Type: application/x-www-form-urlencoded).';
        return reply.code(415).send(body('unsupported_media_type', message));
      }
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
    req.log.error({ err, method: req.method, url: loggableUrl(req.url) }, 'unhandled error');
    return reply.code(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
});

/** The router's own refusals (a bad %-escape, an over-long parameter), in the one error shape. */
export const routerErrors: FastifyServerOptions['frameworkErrors'] = (err, _req, res) => {
  const reply = res as unknown as FastifyReply;
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.code(tooLong ? 414 : 400).send({
    error: tooLong
      ? { code: 'uri_too_long', message: 'This address is too long.' }
      : { code: 'bad_url', message: 'This address is not valid.' },
  });
};

/**
 * A request Node's HTTP parser cannot read (bytes an address may not hold, headers too large, a
 * request that never finished) gets its answer, in the one error shape, before any route sees it.
 * Fastify's own would be `{"error":"Bad Request","message":"Client Error","statusCode":400}`.
 */
export const clientErrors: FastifyServerOptions['clientErrorHandler'] = (err, socket: Duplex) => {
  const { code } = err as NodeJS.ErrnoException;
  // A reset connection has no one left to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const [status, answer] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, body('request_timeout', 'The request took too long to arrive.')]
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, body('headers_too_large', "The request's headers are too large.")]
        : [400, body('bad_request', 'This request could not be read: is its address percent-encoded?')];
  const json = JSON.stringify(answer);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
};
