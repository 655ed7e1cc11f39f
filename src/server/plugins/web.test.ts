import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/fixtures/test-app.ts';

// A stand-in build: the plugin serves whatever vite wrote, so the test writes its own files.
let dir: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'torque-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Torque</title><div id="root"></div>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDir: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

it.each(['/', '/home', '/blogs', '/purchase/123', '/dashboard/myOrders', '/no/such/page'])(
  'answers %s with the SPA, never cached',
  async (path) => {
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  },
);

it('serves hashed assets as immutable', async () => {
  const res = await t.app.inject('/assets/index-abc123.js');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('keeps /api paths out of the SPA fallback', async () => {
  const res = await t.app.inject('/api/unknown/thing');
  expect(res.statusCode).toBe(404);
  expect(res.json().error.code).toBe('not_found');
});

it('tells the user to build the web app when there is no build', async () => {
  const bare = await createTestApp({ webDir: join(dir, 'missing') });
  try {
    const res = await bare.app.inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('npm run build');
  } finally {
    await bare.close();
  }
});
