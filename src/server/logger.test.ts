import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSink } from '#tests/fixtures/log-sink.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { loggableUrl } from './logger.ts';

describe('loggableUrl', () => {
  it('keeps the path and the query names, never their values', () => {
    expect(loggableUrl('/api/tools')).toBe('/api/tools');
    expect(loggableUrl('/reset-password?token=s3cret&x=1')).toBe('/reset-password?token=…&x=…');
    expect(loggableUrl('/api/auth/reset-password/s3cret?callbackURL=/x')).toBe(
      '/api/auth/reset-password/…?callbackURL=…',
    );
  });
});

describe('the access log', () => {
  const { sink, lines, entries } = logSink();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  it('writes one line per request, after the answer, with no query values', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/tools?token=s3cret' });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/tools?token=…',
      status: 200,
    });
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });
});
