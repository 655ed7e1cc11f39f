import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/fixtures/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such API call: GET /api/nope' } });
  });

  it('answers an unknown method on a known path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/tools' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('refuses a body over the limit with 413 and the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});

describe('surface', () => {
  it('serves the OpenAPI document at /api/docs/json with the catalogue calls', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/tools', '/api/tool/{id}', '/api/reviews']),
    );
  });

  it('serves the OpenAPI UI at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
