import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedBody {
  /** The JSON as UTF-8 bytes, encoded once rather than on every send. */
  body: Buffer;
  etag: string;
  /** The load found nothing (null), e.g. an unknown tool id. */
  empty: boolean;
}

interface Entry<T> {
  value: T;
  generation: number;
  loadedAt: number;
  /** Kept for its hold only, even if no change overtakes it. */
  heldOnly: boolean;
}

/**
 * Answers kept in memory and dropped whenever the database says what they show changed (a NOTIFY
 * from a trigger, heard by every instance: see Database.onChange): the public catalogue's JSON,
 * and the pages drawn from it for visitors without a session (ssr/web.ts). The TTL is only a
 * safety net for a notification lost while a listener reconnects. `holdMs` keeps an answer that
 * long even across changes: a store busy selling changes its stock many times a second, and an
 * answer that costs much to make is then made once per hold rather than once per sale.
 */
export class ResponseCache<T> {
  private entries = new Map<string, Entry<T>>();
  private pending = new Map<string, Promise<T>>();
  // Bumped on every change: an answer loaded before it is out of date.
  private generation = 0;
  private changedAt = -Infinity;
  private readonly ttlMs: number;
  private readonly holdMs: number;
  private readonly maxEntries: number;

  /** `maxEntries`: past it, the oldest answer goes (keys that visitors choose, such as searches). */
  constructor({
    ttlMs = 30_000,
    holdMs = 0,
    maxEntries = Infinity,
  }: { ttlMs?: number; holdMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = ttlMs;
    this.holdMs = holdMs;
    this.maxEntries = maxEntries;
  }

  /** Everything stored is out of date; held answers stay their hold, unless `unheld`. */
  clear({ unheld = false }: { unheld?: boolean } = {}): void {
    this.generation++;
    this.changedAt = Date.now();
    this.pending.clear();
    if (!this.holdMs || unheld) this.entries.clear();
  }

  private fresh({ generation, loadedAt, heldOnly }: Entry<T>): boolean {
    const age = Date.now() - loadedAt;
    return age < this.ttlMs && ((!heldOnly && generation === this.generation) || age < this.holdMs);
  }

  /** How many answers are stored, fresh or not. */
  get size(): number {
    return this.entries.size;
  }

  /** The stored answer if it is fresh; nothing is loaded. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && this.fresh(hit) ? hit.value : undefined;
  }

  /** The stored answer, or the one `load` gives: once for concurrent callers. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const generation = this.generation;
    const loadedAt = Date.now();
    // Loaded within a hold of a change, an answer may be made of others still held across it (a
    // page drawn from a held search): it is kept only for a hold too, then loaded from fresh ones.
    const heldOnly = loadedAt - this.changedAt < this.holdMs;
    const promise = load().then((value) => {
      // A load that a change overtook is kept only to be held, and never over a newer one.
      const stored = this.entries.get(key);
      const overtaken = generation !== this.generation;
      if ((!overtaken || this.holdMs) && !(stored && stored.generation > generation)) {
        this.entries.delete(key);
        this.entries.set(key, { value, generation, loadedAt, heldOnly });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      }
      if (this.pending.get(key) === promise) this.pending.delete(key);
      return value;
    });
    this.pending.set(key, promise);
    promise.catch(() => this.pending.get(key) === promise && this.pending.delete(key));
    return promise;
  }
}

/**
 * How many answers the catalogue cache keeps: every tool's, up to a catalogue of this size, and the
 * lists. A crawler reading every page of a larger one, or anyone asking for made-up ids, then
 * pushes the oldest out rather than fill the store's memory (an answer is a kilobyte or two).
 */
export const CATALOGUE_ANSWERS = 10_000;

/**
 * The catalogue cache's keys for the answers that every caller gets alike: each is the path whose
 * plain GET sends it, which is how hot-answers.ts finds them.
 */
export const catalogueKeys = {
  tools: '/api/tools',
  reviews: '/api/reviews',
  categories: '/api/categories',
  tool: (id: string) => `/api/tool/${id}`,
} as const;

/** A value as the catalogue cache keeps it: JSON encoded once, with its ETag. */
export function cachedJson(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, empty: value === null };
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
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

/**
 * A route's answer kept in `cache` under `key`: sent at once when it is there, and the handler
 * returns nothing (a promise per request is a measurable part of a catalogue call);
 * loaded first when it is not, and then the handler returns that promise.
 */
export function replyCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache<CachedBody>,
  key: string,
  load: () => Promise<CachedBody>,
): Promise<void> | undefined {
  const hit = cache.peek(key);
  if (hit === undefined) {
    return cache.get(key, load).then((cached) => void sendCached(req, reply, cached));
  }
  sendCached(req, reply, hit);
  return undefined;
}
