import { asc, sql } from 'drizzle-orm';
import type { NewsletterInput } from '#shared/schemas/newsletter.ts';
import type { Db } from '#server/db/client.ts';
import { newsletterSignups } from '#server/db/schema.ts';
import { csvHeader, csvLine } from '#server/http/csv.ts';

/**
 * Puts an address on the newsletter's list, once: answers false when it was there already
 * (compared in lower case, by the unique index), and then stores nothing, the first name kept.
 */
export async function subscribe(db: Db, input: NewsletterInput): Promise<boolean> {
  const rows = await db
    .insert(newsletterSignups)
    .values({ name: input.name, email: input.email, phone: input.phone || null })
    .onConflictDoNothing()
    .returning({ id: newsletterSignups.id });
  return rows.length === 1;
}

export const NEWSLETTER_CSV_HEADER = ['Name', 'Email', 'Phone', 'Signed up'] as const;
/** Rows read per round trip while exporting: memory stays that of one batch, whatever the total. */
const CSV_BATCH = 1000;

/**
 * GET /api/admin/newsletter.csv: the header, then every sign-up, oldest first, read in keyset
 * batches on (created_at, id), one statement each, so that an export of any size holds one batch.
 */
export async function* newsletterCsv(db: Db): AsyncGenerator<string> {
  yield csvHeader([...NEWSLETTER_CSV_HEADER]);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: newsletterSignups.id,
        name: newsletterSignups.name,
        email: newsletterSignups.email,
        phone: newsletterSignups.phone,
        createdAt: newsletterSignups.createdAt,
        at: sql<string>`${newsletterSignups.createdAt}::text`,
      })
      .from(newsletterSignups)
      .where(
        after
          ? sql`(${newsletterSignups.createdAt}, ${newsletterSignups.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      )
      .orderBy(asc(newsletterSignups.createdAt), asc(newsletterSignups.id))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine([r.name, r.email, r.phone, r.createdAt.toISOString()])).join('');
    if (rows.length < CSV_BATCH) return;
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
