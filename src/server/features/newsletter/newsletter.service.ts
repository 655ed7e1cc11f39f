import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { NewsletterInput } from '#shared/schemas/newsletter.ts';
import type { Db } from '#server/db/client.ts';
import { newsletterLinks, newsletterSignups } from '#server/db/schema.ts';
import { enqueueMail } from '#server/features/mail/outbox.service.ts';
import { csvHeader, csvLine } from '#server/http/csv.ts';

/** How long a mailed confirmation link works (decision 032). */
export const CONFIRM_LINK_DAYS = 7;

/** A link's token as stored: its SHA-256, so that the tables alone confirm no one. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A sign-up from the home page's box (decision 032, double opt-in): the address is not on the list
 * until its owner opens a link mailed to it. A new or unconfirmed address gets one more link (the
 * earlier ones keep working: the first mail may be the one opened) and the name and phone just
 * given; a confirmed one is left as it is and mailed nothing. The link goes through the outbox, sent
 * by its worker after the answer, so that neither the answer nor its time tells whether the address
 * was listed.
 */
export async function subscribe(db: Db, input: NewsletterInput, publicUrl: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // By the database's clock, as the purge judges it; one value for the row and its link (now() is
  // the transaction's start).
  const expires = sql`now() + make_interval(days => ${CONFIRM_LINK_DAYS})`;
  await db.transaction(async (tx) => {
    // ON CONFLICT names the unique index's expression, which drizzle's builder cannot.
    const s = newsletterSignups;
    const result = (await tx.execute(sql`
      insert into ${s} (name, email, phone, token_expires_at)
      values (${input.name}, ${input.email}, ${input.phone || null}, ${expires})
      on conflict (lower(email)) do update
      -- Never earlier than a link already mailed: the purge keeps the sign-up while its newest works.
      set name = excluded.name, phone = excluded.phone,
        token_expires_at = greatest(${s}.token_expires_at, excluded.token_expires_at)
      where ${s}.confirmed_at is null
      returning id, name, email`)) as unknown as { rows: { id: string; name: string; email: string }[] };
    const [row] = result.rows;
    if (!row) return;
    await tx
      .insert(newsletterLinks)
      .values({ tokenHash: hashOf(token), signupId: row.id, expiresAt: expires });
    const url = `${publicUrl}/api/newsletter/confirm?token=${token}`;
    await enqueueMail(tx, { kind: 'newsletter_confirm', to: row.email, data: { name: row.name, url } });
  });
}

/**
 * A mailed link, opened: confirms its sign-up (once; opening it or another of its links again, or a
 * mail scanner having opened it first, changes nothing more) while the link works. False for a
 * token never mailed, or expired: then nothing changes.
 */
export async function confirmSubscription(db: Db, token: string): Promise<boolean> {
  const live = db
    .select({ id: newsletterLinks.signupId })
    .from(newsletterLinks)
    .where(and(eq(newsletterLinks.tokenHash, hashOf(token)), gt(newsletterLinks.expiresAt, sql`now()`)));
  const rows = await db
    .update(newsletterSignups)
    .set({ confirmedAt: sql`coalesce(${newsletterSignups.confirmedAt}, now())` })
    .where(inArray(newsletterSignups.id, live))
    .returning({ id: newsletterSignups.id });
  return rows.length === 1;
}

/**
 * The purge (decision 032): a sign-up never confirmed whose last link has expired goes, with its
 * name, address and phone (and its links), as do the sign-ups from before double opt-in that never
 * had a link; then the expired links of the rest. Confirmed sign-ups stay. Answers how many
 * sign-ups went.
 */
export async function purgeUnconfirmedSignups(db: Db): Promise<number> {
  const s = newsletterSignups;
  // A sign-up racing this one sets token_expires_at on the row: the delete rechecks it and keeps it.
  const gone = await db
    .delete(s)
    .where(and(isNull(s.confirmedAt), or(isNull(s.tokenExpiresAt), lte(s.tokenExpiresAt, sql`now()`))))
    .returning({ id: s.id });
  await db.delete(newsletterLinks).where(lte(newsletterLinks.expiresAt, sql`now()`));
  return gone.length;
}

export const NEWSLETTER_CSV_HEADER = ['Name', 'Email', 'Phone', 'Signed up', 'Confirmed'] as const;
/** Rows read per round trip while exporting: memory stays that of one batch, whatever the total. */
const CSV_BATCH = 1000;

/**
 * GET /api/admin/newsletter.csv: the header, then every confirmed sign-up (the list: an address
 * whose owner has not opened the link is not on it), oldest first, read in keyset batches on
 * (created_at, id), one statement each, so that an export of any size holds one batch.
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
        confirmedAt: newsletterSignups.confirmedAt,
        at: sql<string>`${newsletterSignups.createdAt}::text`,
      })
      .from(newsletterSignups)
      .where(
        and(
          isNotNull(newsletterSignups.confirmedAt),
          after
            ? sql`(${newsletterSignups.createdAt}, ${newsletterSignups.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(newsletterSignups.createdAt), asc(newsletterSignups.id))
      .limit(CSV_BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([r.name, r.email, r.phone, r.createdAt.toISOString(), r.confirmedAt!.toISOString()]),
      )
      .join('');
    if (rows.length < CSV_BATCH) return;
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
