import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  AdminReviewsPage,
  AdminReviewsQuery,
  Review,
  ReviewInput,
  ToolReviewsPage,
  ToolReviewsQuery,
} from '#shared/schemas/review.ts';
import { type Db, violates } from '#server/db/client.ts';
import { badCursor, decodeCursor, keysetPage } from '#server/db/keyset.ts';
import { reviews, searchable, tools } from '#server/db/schema.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { Conflict, LimitReached } from '#server/domain-errors.ts';
import { record, type Actor } from '#server/features/audit/audit.service.ts';

/** The avatar of a reviewer whose account has no photo. */
const PLACEHOLDER_AVATAR = '/images/people/placeholder.svg';

/** GET /reviews and the home page show this many, newest first (DESIGN §3b). */
const REVIEWS_SHOWN = 30;
/** A customer's reviews in any 24 hours (DESIGN §3b). */
const REVIEWS_PER_DAY = 5;
// The first key of the advisory lock that queues one customer's reviews; any constant works.
const REVIEW_LOCK = 7_424_212;

const shown = {
  _id: reviews.id,
  customerName: reviews.customerName,
  profession: reviews.profession,
  productName: reviews.productName,
  ratings: reviews.ratings,
  opinions: reviews.opinions,
  img: reviews.img,
  // Spelled out with table names: drizzle renders columns in a sql`` fragment unqualified, and
  // "user_id" = "user_id" inside the subquery would compare orders with themselves.
  verified: sql<boolean>`exists (
        select 1 from "orders" o
        where o."user_id" = "reviews"."user_id" and o."product_name" = "reviews"."product_name" and o."paid"
          and o."refunded_at" is null
      )`,
};

/** The newest reviews for the home carousel, each marked when its author bought the product. */
export async function listReviews(db: Db): Promise<Review[]> {
  return db
    .select(shown)
    .from(reviews)
    .where(isNull(reviews.deletedAt))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
}

/**
 * One page of the reviews that name a tool (GET /api/tool/{id}/reviews, its product page): not
 * deleted, newest first, keyset on (created_at, id), with how many there are and their average
 * rating (two decimals; null without reviews). Both read the index reviews_tool_idx.
 */
export async function listToolReviews(
  db: Db,
  toolId: string,
  query: ToolReviewsQuery,
): Promise<ToolReviewsPage> {
  const named = and(eq(reviews.toolId, toolId), isNull(reviews.deletedAt));
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = cursor
    ? and(named, sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`)
    : named;
  const [rows, [stats]] = await Promise.all([
    db
      .select({ ...shown, at: sql<string>`${reviews.createdAt}::text` })
      .from(reviews)
      .where(page)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit + 1),
    db
      .select({ n: count(), average: sql<string | null>`round(avg(${reviews.ratings}), 2)::text` })
      .from(reviews)
      .where(named),
  ]).catch(badCursor);
  return {
    ...keysetPage(
      rows,
      query.limit,
      (r) => [r.at, r._id],
      ({ at: _at, ...row }) => row,
    ),
    total: Number(stats?.n ?? 0),
    average: stats?.average == null ? null : Number(stats.average),
  };
}

/** One page of the admin's reviews (GET /api/admin/reviews): not deleted, newest first, keyset on (created_at, id). */
export async function listReviewsPage(db: Db, query: AdminReviewsQuery): Promise<AdminReviewsPage> {
  const listed = isNull(reviews.deletedAt);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = cursor
    ? and(
        listed,
        sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
      )
    : listed;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...shown, at: sql<string>`${reviews.createdAt}::text`, createdAt: reviews.createdAt })
      .from(reviews)
      .where(page)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(reviews).where(listed),
  ]).catch(badCursor);
  return {
    ...keysetPage(
      rows,
      query.limit,
      (r) => [r.at, r._id],
      ({ at: _at, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }),
    ),
    total: Number(total?.n ?? 0),
  };
}

/**
 * An admin deletes a review: it leaves the carousel and GET /reviews (the reviews trigger tells
 * every instance's catalogue cache). Answers 1 when this call deleted it, 0 when no shown review
 * has this id. The row stays, so that its author cannot post that product's review again.
 */
export async function deleteReview(db: Db, actor: Actor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ deletedAt: new Date() })
      .where(and(eq(reviews.id, id), isNull(reviews.deletedAt)))
      .returning({ customerName: reviews.customerName, productName: reviews.productName });
    if (!row) return 0;
    await record(tx, actor, 'review.delete', id, {
      name: `${row.customerName} on ${row.productName}`,
    });
    return 1;
  });
}

/**
 * A review in the author's own name and photo, whatever the client sent for them: one per product
 * (the unique index reviews_one_per_product), at most REVIEWS_PER_DAY in 24 hours.
 */
export async function addReview(db: Db, author: CurrentUser, input: ReviewInput): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      // One customer's posts take turns, so that twenty at once cannot all count four and insert.
      await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_LOCK}, hashtext(${author.id}))`);
      const [today] = await tx
        .select({ n: count() })
        .from(reviews)
        .where(and(eq(reviews.userId, author.id), gt(reviews.createdAt, sql`now() - interval '1 day'`)));
      if ((today?.n ?? 0) >= REVIEWS_PER_DAY) {
        throw new LimitReached(
          `You can post at most ${REVIEWS_PER_DAY} reviews a day. Please come back tomorrow.`,
        );
      }
      const [row] = await tx
        .insert(reviews)
        .values({
          userId: author.id,
          customerName: author.name,
          img: author.image ?? PLACEHOLDER_AVATAR,
          profession: input.profession,
          productName: input.productName,
          // The live tool of that name, in any case and with or without accents (its exact name
          // first): its page lists the review.
          toolId: sql`(select ${tools.id} from ${tools} where ${tools.nameKey} = ${searchable(input.productName)} and ${tools.archivedAt} is null order by ${tools.name} = ${input.productName} desc limit 1)`,
          ratings: input.ratings,
          opinions: input.opinions,
        })
        .returning({ id: reviews.id });
      return row!.id;
    });
  } catch (err) {
    if (violates(err, 'reviews_one_per_product')) {
      throw new Conflict('review_exists', `You have already reviewed ${input.productName}.`);
    }
    throw err;
  }
}
