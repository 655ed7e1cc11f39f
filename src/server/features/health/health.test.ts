import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import type { Database } from '#server/db/client.ts';
import errors from '#server/http/errors.ts';
import { healthRoutes, UNREADY_AFTER_FAILURE_MS } from './health.routes.ts';

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

describe('a database that cannot store (disk full, out of memory or connections, I/O error)', () => {
  const review = (productName: string) => ({
    method: 'POST' as const,
    url: '/api/review',
    payload: { profession: 'Carpenter', productName, ratings: 5, opinions: 'Fine.' },
  });
  // The database itself refuses the write with the SQLSTATE, as Postgres does when it cannot extend a file.
  const refuseWrites = (errcode: string) =>
    t.db.execute(
      sql.raw(`create or replace function torque_test_refuse() returns trigger language plpgsql as $$ begin
        raise exception using errcode = '${errcode}', message = 'could not extend file: No space left on device';
      end $$`),
    );

  it.each(['53100', '53200', '53300', '58030'])(
    'answers 503 unavailable to a write failing with %s, /api/ready fails, and both recover',
    async (errcode) => {
      const now = vi.spyOn(Date, 'now');
      try {
        const ann = await signUp(t.app, 'ann');
        await refuseWrites(errcode);
        await t.db.execute(
          sql.raw(`create trigger torque_test_refuse before insert on reviews
            for each row execute function torque_test_refuse()`),
        );
        const res = await t.app.inject({ ...review(`Disk ${errcode}`), headers: ann.bearer });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The store is briefly unavailable. Please try again in a moment.',
          },
        });
        expect(res.body).not.toMatch(/extend file|insert into/);
        const ready = await t.app.inject('/api/ready');
        expect(ready.statusCode).toBe(503);
        expect(ready.json().error.code).toBe('unavailable');

        // Space is freed: writes succeed at once, and the store is ready again once the window passes.
        await t.db.execute(sql.raw('drop trigger torque_test_refuse on reviews'));
        expect((await t.app.inject({ ...review(`Disk ${errcode}`), headers: ann.bearer })).statusCode).toBe(
          200,
        );
        expect((await t.app.inject('/api/ready')).statusCode).toBe(503);
        const later = Date.now() + UNREADY_AFTER_FAILURE_MS + 1_000;
        now.mockImplementation(() => later);
        expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
      } finally {
        now.mockRestore();
      }
    },
  );
});

it('answers 503 to a call failing with ENOSPC (the embedded database’s disk is full) and is unready', async () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errors);
  app.decorate('database', { ping: async () => {} } as unknown as Database);
  await app.register(healthRoutes, { prefix: '/api' });
  app.post('/api/write', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  const res = await app.inject({ method: 'POST', url: '/api/write' });
  expect(res.statusCode).toBe(503);
  expect(res.json().error.code).toBe('unavailable');
  expect((await app.inject('/api/ready')).statusCode).toBe(503);
  await app.close();
});
