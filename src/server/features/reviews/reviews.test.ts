import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReviewList } from '#shared/schemas/review.ts';
import { signUp } from '#tests/fixtures/accounts.ts';
import { createOrder } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { orders, reviews, tools } from '#server/db/schema.ts';
import { seedReviews } from '#server/db/seed-data.ts';

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
  await vi.waitFor(async () => {
    const after = await t.app.inject({
      url: '/api/reviews',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(ReviewList.parse(after.json())[0]?.customerName).toBe('Dana Whitfield');
  });
});

describe('POST /api/review', () => {
  it('adds a review in the author’s name and shows it first, marked verified once they bought the product', async () => {
    const ivy = await signUp(t.app, 'ivy');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/review', headers: ivy.bearer, payload });
    const res = await post({
      profession: 'Workshop owner',
      productName: 'Torque AG-125 Angle Grinder',
      ratings: 4,
      opinions: 'Cuts clean and the guard stays put.',
      customerName: 'Someone Else',
      img: 'https://evil.example/x.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().acknowledged).toBe(true);
    const first = await vi.waitFor(async () => {
      const [newest] = ReviewList.parse((await t.app.inject('/api/reviews')).json());
      expect(newest?.customerName).toBe('Test ivy');
      return newest;
    });
    expect(first).toMatchObject({
      customerName: 'Test ivy',
      img: '/images/people/placeholder.svg',
      ratings: 4,
      verified: false,
    });

    // After a paid order of that product, the same author's review is a verified buyer's.
    const [tool] = await t.db.select().from(tools).where(eq(tools.name, 'Torque AG-125 Angle Grinder'));
    const order = await createOrder(t.db, ivy, { quantity: 100 }, tool!);
    // Paid as a payment pays it: the update is what tells the catalogue (a trigger on orders.paid).
    await t.db
      .update(orders)
      .set({ paid: true, transactionId: 'pi_sandbox_verified' })
      .where(eq(orders.id, order.id));
    await vi.waitFor(async () => {
      const [again, ...others] = ReviewList.parse((await t.app.inject('/api/reviews')).json());
      expect(again?.verified).toBe(true);
      // Nobody else's review is verified by Ivy's order.
      expect(others.filter((r) => r.verified)).toEqual([]);
    });
  });

  it.each([
    ['no profession', { profession: '' }, 'profession', 'Profession is required'],
    ['no product', { productName: ' ' }, 'productName', 'ProductName is required'],
    ['no ratings', { ratings: undefined }, 'ratings', 'Ratings is required'],
    ['ratings of 6', { ratings: 6 }, 'ratings', 'Choose 1 to 5 stars'],
    ['ratings of 0', { ratings: 0 }, 'ratings', 'Ratings is required'],
    ['fractional ratings', { ratings: 4.5 }, 'ratings', 'Choose 1 to 5 stars'],
    ['no opinions', { opinions: '' }, 'opinions', 'message address is required'],
  ])(
    'refuses a review with %s, with the spec’s message, and adds nothing',
    async (_what, change, field, message) => {
      const jim = await signUp(t.app, 'jim');
      const before = (await t.app.inject('/api/reviews')).json().length;
      const payload = {
        profession: 'Carpenter',
        productName: 'Torque DX-20',
        ratings: 5,
        opinions: 'Great',
        ...change,
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: jim.bearer, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
      expect((await t.app.inject('/api/reviews')).json()).toHaveLength(before);
    },
  );

  it('answers 401 to an anonymous review', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      payload: { profession: 'x', productName: 'y', ratings: 5, opinions: 'z' },
    });
    expect(res.statusCode).toBe(401);
  });
});
