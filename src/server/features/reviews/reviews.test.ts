import { afterAll, beforeAll, expect, it } from 'vitest';
import { ReviewList } from '../../../shared/schemas/review.ts';
import { createTestApp } from '../../../../tests/fixtures/test-app.ts';
import { reviews } from '../../db/schema.ts';
import { seedReviews } from '../../db/seed-data.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('lists the seeded reviews newest first, with the fields of the spec', async () => {
  const res = await t.app.inject('/api/reviews');
  expect(res.statusCode).toBe(200);
  const list = ReviewList.parse(res.json());
  expect(list.length).toBeGreaterThanOrEqual(8);
  expect(list.map((r) => r.customerName)).toEqual(seedReviews.map((r) => r.customerName));
  for (const review of list) expect(review.ratings).toBeGreaterThanOrEqual(1);
});

it('puts a new review first and changes the ETag', async () => {
  const before = await t.app.inject('/api/reviews');
  await t.db.insert(reviews).values({
    customerName: 'Dana Whitfield',
    profession: 'Site manager',
    productName: seedReviews[0]!.productName,
    ratings: 5,
    opinions: 'Ordered forty units for the crew; all arrived charged and ready.',
    img: '/images/people/placeholder.svg',
  });
  const after = await t.app.inject({
    url: '/api/reviews',
    headers: { 'if-none-match': String(before.headers.etag) },
  });
  expect(after.statusCode).toBe(200);
  expect(ReviewList.parse(after.json())[0]?.customerName).toBe('Dana Whitfield');
});
