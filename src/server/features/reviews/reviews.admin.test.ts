import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminReviewsPage, ReviewList } from '#shared/schemas/review.ts';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { reviews } from '#server/db/schema.ts';

const ADMIN = 'moderator@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let author: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Mo Derator', email: ADMIN, password: 'correct horse battery' });
  author = await signUp(t.app, 'reviewer');
});
afterAll(async () => t.close());

const shownIds = async () => ReviewList.parse((await t.app.inject('/api/reviews')).json()).map((r) => r._id);

/** Every page of GET /api/admin/reviews at `limit`, following nextCursor. */
async function allPages(limit: number) {
  const pages: AdminReviewsPage[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const res = await t.call(
      'GET',
      `/api/admin/reviews?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    const page = AdminReviewsPage.parse(res.json());
    pages.push(page);
    cursor = page.nextCursor;
  }
  return pages;
}

describe('GET /api/admin/reviews', () => {
  it('pages through every shown review once, newest first, ties in a steady order', async () => {
    // Two posted at the same instant: the keyset's id keeps them apart.
    const at = new Date(Date.now() + 60_000);
    await t.db.insert(reviews).values(
      ['Ada', 'Ben', 'Cy'].map((name, i) => ({
        customerName: name,
        profession: 'Joiner',
        productName: `Product ${name}`,
        ratings: 4,
        opinions: 'Good.',
        img: '/images/people/placeholder.svg',
        createdAt: i === 2 ? new Date(at.getTime() + 1000) : at,
      })),
    );
    const pages = await allPages(2);
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((r) => r._id)).size).toBe(items.length);
    expect(items).toHaveLength(pages[0]!.total);
    expect(items.slice(0, 3).map((r) => r.customerName)).toEqual(
      expect.arrayContaining(['Ada', 'Ben', 'Cy']),
    );
    expect(items[0]!.customerName).toBe('Cy');
    const times = items.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages.slice(0, -1).every((p) => p.items.length === 2)).toBe(true);
  });

  it.each([
    ['a cursor it never gave', 'cursor=bm9wZQ'],
    [
      'a cursor with a bad date',
      `cursor=${Buffer.from(JSON.stringify(['2026-02-30 10:00:00+00', randomUUID()])).toString('base64url')}`,
    ],
    ['a limit of 0', 'limit=0'],
    ['a limit of 101', 'limit=101'],
    ['an unknown parameter', 'sort=oldest'],
  ])('refuses %s (400)', async (_what, query) => {
    const res = await t.call('GET', `/api/admin/reviews?${query}`, admin);
    expect(res.statusCode).toBe(400);
  });
});

describe('DELETE /api/review/{id}', () => {
  it('hides the review from GET /reviews and the admin list at once, audited; its author cannot post it again', async () => {
    const productName = 'Torque Banana Phone 3000';
    const posted = await t.call('POST', '/api/review', author, {
      profession: 'Prankster',
      productName,
      ratings: 5,
      opinions: 'Ring ring.',
    });
    const id: string = posted.json().insertedId;
    expect(await shownIds()).toContain(id);

    const res = await t.call('DELETE', `/api/review/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    // The cached answer is dropped before the DELETE answers, on both databases.
    expect(await shownIds()).not.toContain(id);
    const listed = (await allPages(100)).flatMap((p) => p.items.map((r) => r._id));
    expect(listed).not.toContain(id);
    expect((await t.call('GET', '/api/admin/audit?limit=100', admin)).json().items[0]).toMatchObject({
      action: 'review.delete',
      target: id,
      actorEmail: ADMIN,
      details: { name: `${author.name} on ${productName}` },
    });

    expect((await t.call('DELETE', `/api/review/${id}`, admin)).json().deletedCount).toBe(0);
    expect((await t.call('DELETE', `/api/review/${randomUUID()}`, admin)).json().deletedCount).toBe(0);
    expect((await t.call('DELETE', '/api/review/not-an-id', admin)).json().deletedCount).toBe(0);
    const again = await t.call('POST', '/api/review', author, {
      profession: 'Prankster',
      productName,
      ratings: 5,
      opinions: 'Ring ring, again.',
    });
    expect(again.statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const [review] = await shownIds();
    expect((await t.call('DELETE', `/api/review/${review}`)).statusCode).toBe(401);
    expect((await t.call('DELETE', `/api/review/${review}`, author)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/reviews', author)).statusCode).toBe(403);
    expect(await shownIds()).toContain(review);
  });
});
