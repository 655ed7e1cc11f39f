import { z } from 'zod';

/** A customer review as the API shows it (SPEC §3); ratings are whole stars 1–5 (DESIGN §5.4). */
export const Review = z.object({
  _id: z.uuid(),
  customerName: z.string(),
  profession: z.string(),
  productName: z.string(),
  ratings: z.number().int().min(1).max(5),
  opinions: z.string(),
  img: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewList = z.array(Review);
export type ReviewList = z.infer<typeof ReviewList>;
