import { desc, sql } from 'drizzle-orm';
import type { Review, ReviewInput } from '#shared/schemas/review.ts';
import type { Db } from '#server/db/client.ts';
import { reviews } from '#server/db/schema.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';

/** The avatar of a reviewer whose account has no photo. */
export const PLACEHOLDER_AVATAR = '/images/people/placeholder.svg';

/** Reviews for the home carousel, newest first, each marked when its author bought the product. */
export async function listReviews(db: Db): Promise<Review[]> {
  return db
    .select({
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
      )`,
    })
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** A review in the author's own name and photo, whatever the client sent for them. */
export async function addReview(db: Db, author: CurrentUser, input: ReviewInput): Promise<string> {
  const [row] = await db
    .insert(reviews)
    .values({
      userId: author.id,
      customerName: author.name,
      img: author.image ?? PLACEHOLDER_AVATAR,
      profession: input.profession,
      productName: input.productName,
      ratings: input.ratings,
      opinions: input.opinions,
    })
    .returning({ id: reviews.id });
  return row!.id;
}
