import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

/** A lookup that counts its calls and answers what `rows` holds for the token. */
function lookup(rows: Map<string, string>) {
  const calls: string[] = [];
  return {
    calls,
    load: (token: string) => async () => {
      calls.push(token);
      return rows.get(token);
    },
  };
}

describe('SessionCache', () => {
  it('looks a live session up once, and an unknown token every time', async () => {
    const db = lookup(new Map([['good', 'ann']]));
    const cache = new SessionCache<string>(() => true);
    expect(await cache.get('good', db.load('good'))).toBe('ann');
    expect(await cache.get('good', db.load('good'))).toBe('ann');
    expect(await cache.get('bad', db.load('bad'))).toBeUndefined();
    expect(await cache.get('bad', db.load('bad'))).toBeUndefined();
    expect(db.calls).toEqual(['good', 'bad', 'bad']);
  });

  it('forgets every session when told of a change', async () => {
    const rows = new Map([['good', 'ann']]);
    const db = lookup(rows);
    const cache = new SessionCache<string>(() => true);
    await cache.get('good', db.load('good'));
    rows.delete('good');
    cache.clear();
    expect(await cache.get('good', db.load('good'))).toBeUndefined();
  });

  it('keeps nothing read before a change that lands while the lookup is under way', async () => {
    const cache = new SessionCache<string>(() => true);
    let release!: () => void;
    const slow = cache.get('good', () => new Promise<string>((r) => (release = () => r('ann'))));
    cache.clear(); // the sign-out commits while the lookup is still reading
    release();
    expect(await slow).toBe('ann');
    const db = lookup(new Map());
    expect(await cache.get('good', db.load('good'))).toBeUndefined();
  });

  it('looks every call up while changes cannot be heard', async () => {
    let listening = false;
    const db = lookup(new Map([['good', 'ann']]));
    const cache = new SessionCache<string>(() => listening);
    await cache.get('good', db.load('good'));
    await cache.get('good', db.load('good'));
    expect(db.calls).toHaveLength(2);
    listening = true;
    await cache.get('good', db.load('good'));
    await cache.get('good', db.load('good'));
    expect(db.calls).toHaveLength(3);
  });

  it('keeps a session no longer than its time to live', async () => {
    const db = lookup(new Map([['good', 'ann']]));
    const cache = new SessionCache<string>(() => true, 20);
    await cache.get('good', db.load('good'));
    await new Promise((r) => setTimeout(r, 30));
    await cache.get('good', db.load('good'));
    expect(db.calls).toHaveLength(2);
  });
});
