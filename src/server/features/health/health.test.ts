import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/fixtures/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health', () => {
  it('GET /api/health says the process is alive', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready says the database answers', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});
