import { count } from 'drizzle-orm';
import { scratchDatabase } from '#tests/fixtures/scratch-database.ts';
import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { tools } from './schema.ts';
import { seedTools } from './seed-data.ts';

// PostgreSQL only (the postgres test project): several instances starting at once on one empty
// database migrate and seed it exactly once.
it('lets three instances start at once on an empty database, seeding it once', async () => {
  const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'torque_m');
  try {
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: scratch.url })),
    );
    // One of them made the database; the others, which waited for it, found nothing to apply.
    const migrated = instances.map((i) => i.migrated.length).sort((a, b) => a - b);
    expect(migrated.slice(0, 2)).toEqual([0, 0]);
    expect(migrated[2]).toBeGreaterThan(25);
    const [row] = await instances[0]!.db.select({ n: count() }).from(tools);
    expect(row?.n).toBe(seedTools.length);
    await Promise.all(instances.map((i) => i.close()));
  } finally {
    await scratch.drop();
  }
});
