import { expect, it, vi } from 'vitest';
import { cachedJson, ResponseCache } from './response-cache.ts';

it('loads once for concurrent callers and keeps the answer', async () => {
  const cache = new ResponseCache<number[]>();
  let loads = 0;
  const load = async () => [++loads];
  const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
  expect(loads).toBe(1);
  expect(a).toBe(b);
  expect(await cache.get('k', load)).toEqual([1]);
  expect(loads).toBe(1);
});

it('keeps JSON as its bytes, with an ETag that names them', () => {
  const a = cachedJson([{ n: 1 }]);
  expect(a.body.toString()).toBe('[{"n":1}]');
  expect(a.etag).toMatch(/^"[\w-]+"$/);
  expect(cachedJson([{ n: 1 }]).etag).toBe(a.etag);
  expect(cachedJson([{ n: 2 }]).etag).not.toBe(a.etag);
  expect(cachedJson(null).empty).toBe(true);
});

it('loads again after a change, and never stores a load that a change overtook', async () => {
  const cache = new ResponseCache<string>();
  let value = 'old';
  let release!: () => void;
  const slow = () => {
    const read = value; // what the database held when the read began
    return new Promise<string>((resolve) => (release = () => resolve(read)));
  };
  const pending = cache.get('k', slow);
  // The data changes while the old answer is still being read.
  value = 'new';
  cache.clear();
  release();
  expect(await pending).toBe('old');
  expect(await cache.get('k', async () => value)).toBe('new');
});

it('expires entries after its TTL, as a safety net for a lost notification', async () => {
  const cache = new ResponseCache<number>({ ttlMs: 0 });
  let n = 0;
  await cache.get('k', async () => ++n);
  expect(await cache.get('k', async () => ++n)).toBe(2);
});

it('holds an answer across changes for its hold, then loads it again after the next change', async () => {
  vi.useFakeTimers();
  try {
    const cache = new ResponseCache<number>({ holdMs: 1_000 });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    cache.clear();
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe(2);
    // Past its hold, an answer no change has overtaken is kept.
    vi.advanceTimersByTime(5_000);
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  } finally {
    vi.useRealTimers();
  }
});

it('keeps an answer loaded just after a change only for a hold, since it may be made of held ones', async () => {
  vi.useFakeTimers();
  try {
    // A page drawn from a search, each cache holding its answers for a second across changes.
    const searches = new ResponseCache<string>({ holdMs: 1_000 });
    const pages = new ResponseCache<string>({ holdMs: 1_000 });
    let price = '$89.00';
    const search = () => searches.get('q', async () => price);
    const page = () => pages.get('/tools', async () => `<p>${await search()}</p>`);
    expect(await page()).toBe('<p>$89.00</p>');
    // A change: both caches hold what they have for a second, then load it again.
    searches.clear();
    pages.clear();
    vi.advanceTimersByTime(1_050);
    // An API call asks for the search alone; then the price changes, and the search is held.
    expect(await search()).toBe('$89.00');
    price = '$91.50';
    searches.clear();
    pages.clear();
    vi.advanceTimersByTime(100);
    // A visitor asks for the page, whose hold is over: it is drawn from the search still held.
    expect(await page()).toBe('<p>$89.00</p>');
    // Once the holds are over, the page is drawn again from a fresh search, not kept for the TTL.
    vi.advanceTimersByTime(1_000);
    expect(await page()).toBe('<p>$91.50</p>');
  } finally {
    vi.useRealTimers();
  }
});

it('drops held answers at once when told the change is not to be held', async () => {
  vi.useFakeTimers();
  try {
    const cache = new ResponseCache<number>({ holdMs: 1_000 });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    cache.clear({ unheld: true });
    expect(await cache.get('k', load)).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});

it('never keeps an overtaken answer over a newer one', async () => {
  const cache = new ResponseCache<string>({ holdMs: 60_000 });
  let release!: () => void;
  const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
  cache.clear();
  expect(await cache.get('k', async () => 'new')).toBe('new');
  release();
  expect(await slow).toBe('old');
  expect(await cache.get('k', async () => 'newer still')).toBe('new');
});

it('keeps at most maxEntries answers, dropping the oldest', async () => {
  const cache = new ResponseCache<string>({ maxEntries: 2 });
  let loads = 0;
  const load = (v: string) => async () => (loads++, v);
  await cache.get('a', load('a'));
  await cache.get('b', load('b'));
  await cache.get('c', load('c'));
  expect(loads).toBe(3);
  await cache.get('c', load('c'));
  await cache.get('b', load('b'));
  expect(loads).toBe(3);
  await cache.get('a', load('a'));
  expect(loads).toBe(4);
});
