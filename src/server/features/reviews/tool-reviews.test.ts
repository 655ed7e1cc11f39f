import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolReviewsPage } from '#shared/schemas/review.ts';
import { signUp, signUpAdmin } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { reviews, tools } from '#server/db/schema.ts';

const ADMIN = 'tool-reviews-admin@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
});
afterAll(async () => t.close());

const page = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return ToolReviewsPage.parse(res.json());
};

/** `n` reviews of the tool, an hour apart, the first the oldest, rated 1 to 5 in turn. */
async function review(tool: { id: string; name: string }, n: number, hoursAgo: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    customerName: `Reviewer ${i}`,
    profession: 'Fitter',
    productName: tool.name,
    toolId: tool.id,
    ratings: (i % 5) + 1,
    opinions: `Review ${i}`,
    img: '/images/people/placeholder.svg',
    createdAt: new Date(Date.now() - (hoursAgo + n - i) * 3_600_000),
  }));
  return t.db.insert(reviews).values(rows).returning({ id: reviews.id });
}

describe('GET /api/tool/{id}/reviews', () => {
  it('answers every review of a tool, however old, a page at a time, with their count and average', async () => {
    const tool = await createTool(t.db);
    // 40 reviews older than the newest 30 of the store: GET /reviews shows none of them.
    await review(tool, 40, 24 * 365);
    await review(await createTool(t.db), 35, 0);
    const newest = await t.app.inject('/api/reviews');
    expect(newest.json().filter((r: { productName: string }) => r.productName === tool.name)).toEqual([]);

    const first = await page(`/api/tool/${tool.id}/reviews`);
    expect(first.total).toBe(40);
    // Ratings 1..5 eight times over.
    expect(first.average).toBe(3);
    expect(first.items.map((r) => r.opinions)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Review ${39 - i}`),
    );
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(`/api/tool/${tool.id}/reviews?limit=12&cursor=${cursor}`);
      expect(next.total).toBe(40);
      seen.push(...next.items);
      cursor = next.nextCursor;
    }
    expect(seen.map((r) => r.opinions)).toEqual(Array.from({ length: 40 }, (_, i) => `Review ${39 - i}`));
  });

  it('answers no reviews and no average for a tool nobody reviewed', async () => {
    const tool = await createTool(t.db);
    expect(await page(`/api/tool/${tool.id}/reviews`)).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      average: null,
    });
  });

  it('shows a review posted for the tool by its name, and leaves out one an admin deleted', async () => {
    const tool = await createTool(t.db);
    const before = await page(`/api/tool/${tool.id}/reviews`);
    const ann = await signUp(t.app, 'ann');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: ann.bearer,
      payload: { profession: 'Joiner', productName: tool.name, ratings: 4, opinions: 'Does the job.' },
    });
    expect(posted.statusCode).toBe(200);
    await review(tool, 1, 1);
    await vi.waitFor(async () => {
      const after = await page(`/api/tool/${tool.id}/reviews`);
      expect(after.total).toBe(before.total + 2);
      expect(after.items[0]?.opinions).toBe('Does the job.');
      // 4 and the helper's 1.
      expect(after.average).toBe(2.5);
    });

    const admin = await signUpAdmin(t.app, {
      name: 'Chief',
      email: ADMIN,
      password: 'correct horse battery',
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/review/${posted.json().insertedId}`,
      headers: admin.bearer,
    });
    expect(deleted.json().deletedCount).toBe(1);
    await vi.waitFor(async () => {
      const after = await page(`/api/tool/${tool.id}/reviews`);
      expect(after.total).toBe(1);
      expect(after.average).toBe(1);
      expect(after.items.map((r) => r.opinions)).toEqual(['Review 0']);
    });
  });

  it('answers 404 for an unknown or archived tool, and 400 for a cursor or limit it did not give', async () => {
    const archived = await createTool(t.db);
    await t.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, archived.id));
    for (const id of [archived.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.app.inject(`/api/tool/${id}/reviews`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No tool with this id.');
    }
    const tool = await createTool(t.db);
    const forged = Buffer.from(JSON.stringify(['2024-02-30 00:00:00+00', 'x'])).toString('base64url');
    for (const query of ['limit=0', 'limit=49', 'limit=x', 'cursor=abc', `cursor=${forged}`, 'q=x']) {
      const res = await t.app.inject(`/api/tool/${tool.id}/reviews?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });
});
