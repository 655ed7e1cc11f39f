import { desc } from 'drizzle-orm';
import type { Review } from '../../../shared/schemas/review.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';

/** Reviews for the home carousel, newest first. */
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
    })
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}
