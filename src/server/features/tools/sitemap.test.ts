import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ToolList } from '#shared/schemas/tool.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { type CachedBody, ResponseCache } from '#server/http/response-cache.ts';
import sitemap from './sitemap.routes.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
});
afterAll(async () => t.close());

it('lists the public pages and every live tool page at the public origin', async () => {
  const res = await t.app.inject('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const tools = ToolList.parse((await t.app.inject('/api/tools')).json());
  expect(locs).toEqual([
    'https://shop.example/',
    'https://shop.example/tools',
    'https://shop.example/blogs',
    'https://shop.example/myPortfolio',
    ...tools.map((tool) => `https://shop.example/tools/${tool._id}`),
  ]);
});

it('past the limit of URLs in one file, is an index of files that together list every page once', async () => {
  // The protocol's limit is 50,000; the same rule with 5, over the 4 pages and the live tools.
  const app = Fastify();
  app.decorate('db', t.db);
  app.decorate('catalogue', new ResponseCache<CachedBody>());
  await app.register(sitemap, { config: { publicUrl: 'https://shop.example' }, maxUrls: 5 });
  const whole = [...(await t.app.inject('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => m[1],
  );
  const index = await app.inject('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
  expect(files).toHaveLength(Math.ceil(whole.length / 5));
  expect(files[0]).toBe('https://shop.example/sitemap-1.xml');
  const listed: string[] = [];
  for (const file of files) {
    const res = await app.inject(new URL(file).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<urlset');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeLessThanOrEqual(5);
    listed.push(...locs);
  }
  expect(listed).toEqual(whole);
  for (const missing of ['/sitemap-0.xml', `/sitemap-${files.length + 1}.xml`]) {
    expect((await app.inject(missing)).statusCode).toBe(404);
  }
  await app.close();
});

it('robots.txt names the sitemap and keeps crawlers out of the dashboard and the API', async () => {
  const res = await t.app.inject('/robots.txt');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  expect(res.body).toMatch(/^Disallow: \/dashboard$/m);
  expect(res.body).toMatch(/^Disallow: \/api$/m);
});
