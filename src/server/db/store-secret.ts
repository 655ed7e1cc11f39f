import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { storeSecrets } from './schema.ts';

/**
 * The secret called `name` that this store made for itself: 32 random bytes, made by the first
 * instance that asks (`made`) and kept in the database, so every instance and every restart has
 * the same (decision 027).
 */
export async function storeSecret(db: Db, name: string): Promise<{ value: string; made: boolean }> {
  const [made] = await db
    .insert(storeSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing()
    .returning({ value: storeSecrets.value });
  if (made) return { value: made.value, made: true };
  const [row] = await db
    .select({ value: storeSecrets.value })
    .from(storeSecrets)
    .where(eq(storeSecrets.name, name));
  return { value: row!.value, made: false };
}
