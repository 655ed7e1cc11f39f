import { expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

it('loads once for concurrent callers and serves the stored bytes with a stable ETag', async () => {
  const cache = new ResponseCache();
  let loads = 0;
  const load = async () => {
    loads++;
    return [{ n: 1 }];
  };
  const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
  expect(loads).toBe(1);
  expect(a).toEqual(b);
  expect(a.body.toString()).toBe('[{"n":1}]');
  expect(a.etag).toMatch(/^"[\w-]+"$/);
  expect((await cache.get('k', load)).etag).toBe(a.etag);
  expect(loads).toBe(1);
});

it('loads again after a change, and never stores a load that a change overtook', async () => {
  const cache = new ResponseCache();
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
  expect((await pending).body.toString()).toBe('"old"');
  expect((await cache.get('k', async () => value)).body.toString()).toBe('"new"');
});

it('expires entries after its TTL, as a safety net for a lost notification', async () => {
  const cache = new ResponseCache(0);
  let n = 0;
  await cache.get('k', async () => ++n);
  expect((await cache.get('k', async () => ++n)).body.toString()).toBe('2');
});
