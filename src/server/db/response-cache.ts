import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedBody {
  /** The JSON as UTF-8 bytes, encoded once rather than on every send. */
  body: Buffer;
  etag: string;
  /** The load found nothing (null), e.g. an unknown tool id. */
  empty: boolean;
}

/**
 * Serialized answers of the public catalogue calls, kept in memory and dropped whenever the
 * database says the catalogue changed (a NOTIFY from a trigger, heard by every instance: see
 * Database.onChange). The TTL is only a safety net for a notification lost while a
 * listener reconnects.
 */
export class ResponseCache {
  private entries = new Map<string, CachedBody & { expires: number }>();
  private pending = new Map<string, Promise<CachedBody>>();
  // Bumped on every change: a load that started before a change must not be stored after it.
  private generation = 0;
  private readonly ttlMs: number;

  constructor(ttlMs = 30_000) {
    this.ttlMs = ttlMs;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit;
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const generation = this.generation;
    const promise = load().then((value) => {
      const body = Buffer.from(JSON.stringify(value));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry = { body, etag, empty: value === null };
      if (generation === this.generation) {
        this.entries.set(key, { ...entry, expires: Date.now() + this.ttlMs });
        this.pending.delete(key);
      }
      return entry;
    });
    this.pending.set(key, promise);
    promise.catch(() => this.pending.delete(key));
    return promise;
  }
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends cached JSON as it is: bytes skip the route's serializer (they were serialized, from the
 * same shape, when cached). A request that already holds these bytes (If-None-Match) gets a 304
 * without them.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag);
  if (matches(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
