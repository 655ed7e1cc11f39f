import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase, runPrepared, violates } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';

// The embedded database answers from a worker thread (decision 019); what callers see must be what
// PGlite in their own thread gave them: errors with Postgres' fields, transactions that hold every
// other query back, notifications before the answer of the write that sent them.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory', seed: false });
  await database.db.execute(sql`create table thread_test (id int primary key, note text not null)`);
});
afterAll(() => database.close());

it('runs in a thread of its own', () => {
  expect((database as Database & { client: unknown }).client).toBeInstanceOf(PGliteThread);
});

it('reports a refused statement with its SQLSTATE and constraint', async () => {
  await database.db.execute(sql`insert into thread_test values (1, 'first')`);
  const err: unknown = await database.db
    .execute(sql`insert into thread_test values (1, 'again')`)
    .catch((e: unknown) => e);
  expect(violates(err, 'thread_test_pkey')).toBe(true);
  expect((err as Error).cause).toMatchObject({ code: '23505', table: 'thread_test' });
});

it('rolls a transaction back when its callback throws, and commits one that returns', async () => {
  const failed = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into thread_test values (2, 'rolled back')`);
    throw new Error('changed my mind');
  });
  await expect(failed).rejects.toThrow('changed my mind');
  await database.db.transaction((tx) => tx.execute(sql`insert into thread_test values (3, 'kept')`));
  const rows = await runPrepared(database.db, null, sql`select id from thread_test where id in (2, 3)`);
  expect(rows).toEqual([{ id: 3 }]);
});

it('holds every other query back until an open transaction ends', async () => {
  const order: string[] = [];
  let reading: Promise<unknown> | undefined;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`update thread_test set note = 'inside' where id = 3`);
    reading = runPrepared<{ note: string }>(
      database.db,
      null,
      sql`select note from thread_test where id = 3`,
    ).then((rows) => order.push(`read ${rows[0]?.note}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('commit');
  });
  await reading;
  expect(order).toEqual(['commit', 'read inside']);
});

it('tells a listener of a change before the write that made it answers', async () => {
  const heard: string[] = [];
  await database.onChange('catalogue', (payload) => heard.push(payload));
  await database.db.execute(sql`select pg_notify('torque_catalogue', 'tools')`);
  expect(heard).toEqual(['tools']);
});

it('refuses every call once closed, with the code the store answers 503 for', async () => {
  const other = await openDatabase({ kind: 'memory', seed: false });
  await other.close();
  await expect(other.ping()).rejects.toMatchObject({ code: '57P01' });
});
