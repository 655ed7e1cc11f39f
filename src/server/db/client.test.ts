import { mkdtempSync, rmSync } from 'node:fs';
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

it('creates, migrates and seeds an embedded database on disk, and refuses a second opener', async () => {
  const first = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = await first.db.select({ n: count() }).from(tools);
    expect(row?.n).toBe(seedTools.length);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);
  } finally {
    await first.close();
  }
});

it('reopens the same directory after a clean close without seeding twice', async () => {
  const again = await openDatabase({ kind: 'pglite', dataDir });
  try {
    expect(await seedIfEmpty(again.db)).toBe(false);
    const [t] = await again.db.select({ n: count() }).from(tools);
    const [r] = await again.db.select({ n: count() }).from(reviews);
    expect(t?.n).toBe(seedTools.length);
    expect(r?.n).toBe(seedReviews.length);
  } finally {
    await again.close();
  }
});
