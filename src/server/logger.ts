import { randomBytes } from 'node:crypto';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { loggableError } from './db/loggable-error.ts';

/**
 * Headers that carry credentials, should a request or answer be logged whole. Exact paths only:
 * wildcard paths made redaction a twentieth of a request's cost (decision 013).
 */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export interface StoreLogger {
  logger: FastifyBaseLogger;
  /** Writes what is still buffered; call before the process exits. */
  flush(): void;
}

/**
 * The store's log (decision 013). In production and tests: JSON lines, written asynchronously, so
 * a request never waits on the log's pipe. In development: human-readable lines (pino-pretty,
 * loaded only then).
 */
export async function createLogger(
  config: Pick<Config, 'env' | 'logLevel'>,
  /** Where the JSON lines go instead of stdout (tests read the log). */
  sink?: DestinationStream,
): Promise<StoreLogger> {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    // A failed statement's values (a client secret, a reset token) never reach the log.
    serializers: { err: loggableError },
  };
  if (sink) return { logger: pino(options, sink), flush: () => {} };
  // pino-pretty is a development dependency: an install without it logs JSON.
  const pretty = config.env === 'development' && (await import('pino-pretty').catch(() => undefined));
  if (pretty) {
    const stream = pretty.default({ colorize: process.stdout.isTTY, ignore: 'pid,hostname', sync: true });
    return { logger: pino(options, stream), flush: () => {} };
  }
  const destination = batchedStdout();
  setInterval(() => destination.flush(), 1_000).unref();
  return { logger: pino(options, destination), flush: () => destination.flushSync() };
}

/**
 * Lines gathered into writes of 32 KB (one system call for ~200 requests, not one each), written at
 * least every second. The gathering is ours because sonic-boom's own (`minLength`) measures its
 * whole pending buffer again for every line: ~5 µs a line, a tenth of a request (decision 013).
 */
function batchedStdout() {
  const stdout = pino.destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    stdout.write(lines.join(''));
    lines = [];
    size = 0;
  };
  return {
    write(line: string) {
      lines.push(line);
      size += line.length;
      if (size >= 32_768) flush();
      return true;
    },
    flush,
    flushSync() {
      flush();
      try {
        stdout.flushSync();
      } catch {
        // Nothing to flush yet (the stream is still opening), or stdout is gone.
      }
    },
  };
}

// better-auth's reset link carries its token as a path segment: /api/auth/reset-password/<token>.
const SECRET_SEGMENT = /(\/reset-password\/)[^/?]+/;

/** A request's address as it may be logged: the query's values may be secrets (a reset token). */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_SEGMENT, '$1…');
  if (at === -1) return path;
  const keys = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${path}?${keys.map((key) => `${key}=…`).join('&')}`;
}

/** Writes one access line: a request's id, method, loggable address (loggableUrl), status and time. */
export type AccessLine = (reqId: string, method: string, url: string, status: number, ms: number) => void;

/**
 * Access lines for `logger`, as pino writes `info({ reqId, method, url, status, ms }, 'request')`,
 * but composed as one string and handed to its destination: pino's general path (the object walked
 * key by key, the redaction check, the serializers) was a sixth of a catalogue call.
 * A logger without pino's internals (none in the store) gets its `info` call.
 */
export function accessLine(logger: FastifyBaseLogger): AccessLine {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): unknown } | undefined;
  const time = internals[pino.symbols.timeSym] as (() => string) | undefined;
  const bindings = internals[pino.symbols.chindingsSym];
  if (!stream || !time || typeof bindings !== 'string') {
    return (reqId, method, url, status, ms) => logger.info({ reqId, method, url, status, ms }, 'request');
  }
  return (reqId, method, url, status, ms) => {
    if (!(logger as pino.Logger).isLevelEnabled('info')) return;
    stream.write(
      `{"level":30${time()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},` +
        `"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

const OWN_CALL_HEADER = 'x-torque-own-call';
/**
 * The header the server's own calls carry (a page drawn on the server asking the API): the access
 * log leaves them out, since the browser made one request. Its value is this process's secret, so
 * that no client can keep its requests out of the log.
 */
export const OWN_CALL = { [OWN_CALL_HEADER]: randomBytes(16).toString('hex') };

/**
 * Fastify's lines about requests: one access line per request, once it is answered, instead of a
 * line as it arrives and another as it completes (decision 013). The server's own calls have none.
 */
export class AccessLog extends LogController {
  private readonly write: AccessLine;

  constructor(write: AccessLine) {
    super();
    this.write = write;
  }

  override incomingRequest() {}

  override requestCompleted(_error: unknown, req: FastifyRequest, reply: FastifyReply) {
    if (req.headers[OWN_CALL_HEADER] === OWN_CALL[OWN_CALL_HEADER]) return;
    this.write(
      req.id,
      req.method,
      loggableUrl(req.url),
      reply.statusCode,
      Math.round(reply.elapsedTime * 10) / 10,
    );
  }
}
