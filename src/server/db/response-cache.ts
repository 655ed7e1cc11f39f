import { createHash } from 'node:crypto';

export interface CachedBody {
  body: string;
  etag: string;
}

/**
 * Serialized answers of the public catalogue calls, kept in memory and dropped whenever the
 * database says the catalogue changed (a NOTIFY from a trigger, heard by every instance: see
 * Database.onCatalogueChange). The TTL is only a safety net for a notification lost while a
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
      const body = JSON.stringify(value);
      const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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

/**
 * Sends cached JSON as it is: a string skips the route's serializer (it was serialized, from the
 * same shape, when cached), and the ETag lets @fastify/etag answer 304 without hashing again.
 */
export function sendCached(
  reply: { header(k: string, v: string): unknown; type(t: string): unknown; send(p: never): unknown },
  cached: CachedBody,
) {
  reply.header('etag', cached.etag);
  reply.type('application/json; charset=utf-8');
  return reply.send(cached.body as never);
}
