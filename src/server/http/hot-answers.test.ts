import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { logSink } from '#tests/fixtures/log-sink.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';

// The catalogue's hot answers are served before Fastify on a listening server (not by inject):
// each is compared with Fastify's own answer to the same call, which a query string (that these
// routes ignore) sends through Fastify.

const ADMIN = 'hot-admin@example.com';
const { sink, lines, entries } = logSink();
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
let admin: TestAccount;
let toolId: string;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] }, { logger: pino({ level: 'info' }, sink) });
  admin = await signUpAdmin(t.app, { name: 'Hal Hot', email: ADMIN, password: 'correct horse battery' });
  toolId = (await createTool(t.db, { name: 'Torque Hot Path Drill', priceCents: 4200 })).id;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const NOT_COMPARED = new Set(['date', 'connection', 'keep-alive']);
async function answer(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return {
    status: res.status,
    headers: Object.fromEntries([...res.headers].filter(([name]) => !NOT_COMPARED.has(name))),
    body: await res.text(),
  };
}
/** The hot answer (the second ask: the first fills the cache) and Fastify's, side by side. */
async function bothWays(path: string, headers: Record<string, string> = {}) {
  await answer(path);
  return { hot: await answer(path, headers), fastify: await answer(`${path}?via=fastify`, headers) };
}

describe('hot answers', () => {
  it('answer the catalogue calls with the bytes and headers of their routes', async () => {
    for (const path of ['/api/tools', '/api/reviews', '/api/categories', `/api/tool/${toolId}`]) {
      const { hot, fastify } = await bothWays(path);
      expect(hot.status, path).toBe(200);
      expect(hot, path).toEqual(fastify);
      expect(hot.headers['etag'], path).toMatch(/^"/);
      expect(hot.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect(JSON.parse((await answer(`/api/tool/${toolId}`)).body)).toMatchObject({ price: 42 });
  });

  it('answer 304 to an If-None-Match that names the ETag, as the route does', async () => {
    const { etag } = (await answer('/api/tools')).headers;
    const { hot, fastify } = await bothWays('/api/tools', { 'if-none-match': etag! });
    expect(hot.status).toBe(304);
    expect(hot).toEqual(fastify);
    expect((await answer('/api/tools', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('write one access line per request, with ids that Fastify does not repeat', async () => {
    await answer('/api/tools');
    await new Promise((resolve) => setImmediate(resolve));
    lines.length = 0;
    await answer('/api/tools');
    await answer('/api/tools?x=1');
    await new Promise((resolve) => setImmediate(resolve));
    const [hot, routed] = entries();
    expect([hot, routed]).toEqual([
      expect.objectContaining({ level: 30, msg: 'request', method: 'GET', url: '/api/tools', status: 200 }),
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/api/tools?x=…',
        status: 200,
      }),
    ]);
    expect(entries()).toHaveLength(2);
    expect(hot!.reqId).not.toBe(routed!.reqId);
    expect(hot).toHaveProperty('pid');
    expect(hot).toHaveProperty('time');
  });

  it('show an edit at once, and leave unknown tools and other methods to the routes', async () => {
    expect(JSON.parse((await answer(`/api/tool/${toolId}`)).body).price).toBe(42);
    const edit = await t.call('PATCH', `/api/tool/${toolId}`, admin, { price: 43.5 });
    expect(edit.statusCode).toBe(200);
    expect(JSON.parse((await answer(`/api/tool/${toolId}`)).body).price).toBe(43.5);
    expect(JSON.parse((await answer('/api/tools')).body)).toContainEqual(
      expect.objectContaining({ _id: toolId, price: 43.5 }),
    );

    const unknown = '00000000-0000-4000-8000-000000000000';
    await answer(`/api/tool/${unknown}`);
    const missing = await answer(`/api/tool/${unknown}`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: { code: 'not_found' } });

    const head = await fetch(`${base}/api/tools`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/api/tools`, { method: 'POST' })).status).toBe(404);
  });
});
