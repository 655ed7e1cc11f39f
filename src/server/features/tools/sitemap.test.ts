import { afterAll, beforeAll, expect, it } from 'vitest';
import { ToolList } from '#shared/schemas/tool.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

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

it('robots.txt names the sitemap and keeps crawlers out of the dashboard and the API', async () => {
  const res = await t.app.inject('/robots.txt');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  expect(res.body).toMatch(/^Disallow: \/dashboard$/m);
  expect(res.body).toMatch(/^Disallow: \/api$/m);
});
