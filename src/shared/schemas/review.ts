import { z } from 'zod';
import { AdminCursor, AdminLimit } from './order.ts';
import { isPlainText, NOT_PLAIN_TEXT } from './text.ts';

export const ReviewId = z.uuid();

/** A customer review as the API shows it (SPEC §3); ratings are whole stars 1–5 (DESIGN §5.4). */
export const Review = z.object({
  _id: ReviewId,
  customerName: z.string(),
  profession: z.string(),
  productName: z.string(),
  ratings: z.number().int().min(1).max(5),
  opinions: z.string(),
  img: z.string(),
  /** Beyond SPEC: the author has a paid order of this product. */
  verified: z.boolean(),
});
export type Review = z.infer<typeof Review>;

/**
 * POST /review with SPEC §5's messages. customerName and img come from the account: the client may
 * send them, as the spec's client does, but they are ignored.
 */
export const ReviewInput = z
  .object({
    profession: z
      .string()
      .trim()
      .min(1, 'Profession is required')
      .max(100, 'At most 100 characters')
      .refine(isPlainText, NOT_PLAIN_TEXT),
    productName: z
      .string()
      .trim()
      .min(1, 'ProductName is required')
      .max(200, 'At most 200 characters')
      .refine(isPlainText, NOT_PLAIN_TEXT),
    // A number, as DESIGN §3 has it: "5" is refused. SPEC §5's form field was free text, but SPEC
    // does not say the call sends it as text, and the stars that replaced it send 1 to 5. A caller
    // that sends text is told what to send, not that it sent none.
    ratings: z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? 'Ratings is required'
            : typeof issue.input === 'string'
              ? 'Must be a whole number from 1 to 5, sent as a number (5, not "5")'
              : 'Must be a whole number from 1 to 5',
      })
      .int('Choose 1 to 5 stars')
      .min(1, 'Ratings is required')
      .max(5, 'Choose 1 to 5 stars'),
    opinions: z
      .string()
      .trim()
      .min(1, 'message address is required')
      .max(1000, 'At most 1000 characters')
      .refine(isPlainText, NOT_PLAIN_TEXT),
    customerName: z.string().max(200).optional(),
    img: z.string().max(2000).optional(),
  })
  .strict();
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReviewList = z.array(Review);
export type ReviewList = z.infer<typeof ReviewList>;

/** A review in the admin's list (/dashboard/reviews): with when it was posted. */
export const AdminReview = Review.extend({ createdAt: z.string() });
export type AdminReview = z.infer<typeof AdminReview>;

/** GET /api/admin/reviews: reviews not deleted, newest first, a keyset page at a time. */
export const AdminReviewsQuery = z.object({ cursor: AdminCursor, limit: AdminLimit }).strict();
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuery>;

export const AdminReviewsPage = z.object({
  items: z.array(AdminReview),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type AdminReviewsPage = z.infer<typeof AdminReviewsPage>;

/** GET /api/tool/{id}/reviews: a page of the reviews that name the tool, newest first. */
export const ToolReviewsQuery = z
  .object({
    cursor: AdminCursor,
    limit: z.coerce
      .number({ error: 'A whole number from 1 to 48' })
      .int('A whole number from 1 to 48')
      .min(1, 'A whole number from 1 to 48')
      .max(48, 'A whole number from 1 to 48')
      .default(10),
  })
  .strict();
export type ToolReviewsQuery = z.infer<typeof ToolReviewsQuery>;

/** A page of a tool's reviews, with how many there are in all and their average rating (null: none). */
export const ToolReviewsPage = z.object({
  items: ReviewList,
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  average: z.number().nullable(),
});
export type ToolReviewsPage = z.infer<typeof ToolReviewsPage>;
