import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { AccessLine } from '#server/logger.ts';
import { type CachedBody, catalogueKeys, matches, type ResponseCache } from './response-cache.ts';

const LISTS = new Set<string>([catalogueKeys.tools, catalogueKeys.reviews, catalogueKeys.categories]);
const TOOL = catalogueKeys.tool('');

/** Whether the catalogue cache keeps GET of `path`'s answer under `path` (response-cache.ts). */
const isKept = (path: string) =>
  LISTS.has(path) || (path.startsWith(TOOL) && !path.includes('/', TOOL.length));

export interface HotAnswers {
  catalogue: ResponseCache<CachedBody>;
  /** The headers of every API answer (security.ts). */
  apiHeaders: Record<string, string>;
  accessLine: AccessLine;
  /** Fastify's request ids (its genReqId), so that both kinds of line count alike. */
  nextId(): string;
}

/**
 * The catalogue's answers that every caller gets alike (the whole list, one tool, the reviews, the
 * categories) are the store's most frequent calls. When the catalogue cache holds one, a plain GET
 * of its exact path is answered here, before Fastify parses and routes the request: the same bytes
 * and headers as its route would send (304 for an If-None-Match that names its ETag), and the same
 * access line. This costs about a third of going through Fastify, whose routing, hooks and reply
 * made GET /api/tools half as fast as a bare Fastify route (decision 018).
 *
 * Anything else goes on to Fastify: another method or path, a query string, a body, an answer not
 * cached yet (after a change: Fastify's route loads it, and caches it for the next caller) or
 * cached as not found. Only what a route has cached is ever served, so nothing that a route would
 * refuse can be answered here.
 */
export function hotAnswer({ catalogue, apiHeaders, accessLine, nextId }: HotAnswers) {
  const headers = Object.entries(apiHeaders).flat();

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url!;
    if (req.method !== 'GET' || !url.startsWith('/api/')) return false;
    if (!isKept(url) || req.headers['content-length'] || req.headers['transfer-encoding']) return false;
    const cached = catalogue.peek(url);
    if (cached === undefined || cached.empty) return false;

    const started = performance.now();
    let status = 200;
    if (matches(req.headers['if-none-match'], cached.etag)) {
      status = 304;
      res.writeHead(304, [...headers, 'etag', cached.etag]);
      res.end();
    } else {
      res.writeHead(200, [
        ...headers,
        'etag',
        cached.etag,
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(cached.body.length),
      ]);
      res.end(cached.body);
    }
    accessLine(nextId(), 'GET', url, status, Math.round((performance.now() - started) * 10) / 10);
    return true;
  };
}

/**
 * Fastify's HTTP server (its serverFactory), with `first` offered every request before Fastify's
 * handler; set up as Fastify sets up its own.
 */
export function serverWith(first: (req: IncomingMessage, res: ServerResponse) => boolean) {
  return (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((req, res) => {
      if (!first(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
