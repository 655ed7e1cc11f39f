/**
 * The live sessions this instance has checked, by bearer token, so that a signed-in call costs no
 * query of its own. Dropped whole whenever a session or an account changes through any
 * instance (a NOTIFY: Database.onChange('sessions')), and on this instance at once after each of
 * its own sign-in calls. Used only while changes are heard (`reliable`): a lost listening
 * connection turns it off until it is back. Entries live `ttlMs` at most, a bound on a
 * connection that dies without saying so.
 */
export class SessionCache<T> {
  private entries = new Map<string, { value: T; until: number }>();
  // Bumped on every change: a lookup that started before a change must not be stored after it.
  private generation = 0;

  private readonly reliable: () => boolean;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(reliable: () => boolean, ttlMs = 10_000, maxEntries = 10_000) {
    this.reliable = reliable;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The cached session, or what `load` finds; only a session found is kept. */
  async get(token: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.reliable()) return load();
    const hit = this.entries.get(token);
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.reliable()) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(token, { value, until: Date.now() + this.ttlMs });
    }
    return value;
  }
}
