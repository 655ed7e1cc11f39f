import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { reviews, tools } from './schema.ts';
import { seedReviews, seedTools } from './seed-data.ts';

const MINUTE = 60_000;

/**
 * Fills the demo catalogue on the first start of an empty database. Idempotent: a database that
 * has ever held a tool (archived ones count) is left alone, so a store that removed every demo
 * tool does not get them back on restart.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [any] = await tx
      .select({ one: sql<number>`1` })
      .from(tools)
      .limit(1);
    if (any) return false;
    // Timestamps keep the seed's order: tools oldest first (the home page shows the first six),
    // reviews newest first.
    const start = Date.now() - seedTools.length * MINUTE;
    const inserted = await tx
      .insert(tools)
      .values(
        seedTools.map((t, i) => ({
          name: t.name,
          category: t.category,
          description: t.description,
          img: t.img,
          priceCents: t.priceCents,
          minimumOrder: t.minimumOrder,
          availableQuantity: t.availableQuantity,
          createdAt: new Date(start + i * MINUTE),
        })),
      )
      .returning({ id: tools.id, name: tools.name });
    const ids = new Map(inserted.map((t) => [t.name, t.id]));
    await tx.insert(reviews).values(
      seedReviews.map((r, i) => ({
        ...r,
        toolId: ids.get(r.productName) ?? null,
        createdAt: new Date(Date.now() - (i + 1) * MINUTE),
      })),
    );
    return true;
  });
}
