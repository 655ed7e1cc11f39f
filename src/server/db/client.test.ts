import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { reviews, tools } from './schema.ts';
import { seedIfEmpty } from './seed.ts';
import { seedReviews, seedTools } from './seed-data.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'torque-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every committed migration's name, oldest first. */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

// Every migration from empty, on PGlite (WebAssembly, one thread): a full parallel run on two cores
// with other test runs beside it took it past the default 30 s.
it('creates, migrates and seeds an embedded database on disk, and refuses a second opener', async () => {
  const first = await openDatabase({ kind: 'pglite', dataDir });
  try {
    expect(first.migrated).toEqual(MIGRATIONS);
    expect(first.migrated[0]).toBe('0000_init');
    const [row] = await first.db.select({ n: count() }).from(tools);
    expect(row?.n).toBe(seedTools.length);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);
  } finally {
    await first.close();
  }
}, 300_000);

it('reopens the same directory after a clean close without seeding twice', async () => {
  const again = await openDatabase({ kind: 'pglite', dataDir });
  try {
    expect(again.migrated).toEqual([]);
    expect(await seedIfEmpty(again.db)).toBe(false);
    const [t] = await again.db.select({ n: count() }).from(tools);
    const [r] = await again.db.select({ n: count() }).from(reviews);
    expect(t?.n).toBe(seedTools.length);
    expect(r?.n).toBe(seedReviews.length);
  } finally {
    await again.close();
  }
});
