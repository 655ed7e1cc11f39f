import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAuditPage } from '#shared/schemas/admin.ts';
import { signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { auditLog } from '#server/db/schema.ts';

const ADMIN = 'auditor@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Audrey Tor', email: ADMIN, password: 'correct horse battery' });
});
afterAll(async () => t.close());

/** Every page of GET /api/admin/audit at `limit`, following nextCursor. */
async function allPages(limit: number) {
  const pages: AdminAuditPage[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const res = await t.call(
      'GET',
      `/api/admin/audit?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = AdminAuditPage.parse(res.json());
    pages.push(page);
    cursor = page.nextCursor;
  }
  return pages;
}

describe('GET /api/admin/audit', () => {
  it('reaches a refund made before 250 product edits, every action once, newest first', async () => {
    const orderId = randomUUID();
    const start = Date.now() - 3_600_000;
    await t.db.insert(auditLog).values({
      actorEmail: ADMIN,
      action: 'order.refund',
      target: orderId,
      details: { cents: 8970 },
      createdAt: new Date(start),
    });
    // Edits ten at a time at the same instant: the keyset's id keeps them apart.
    await t.db.insert(auditLog).values(
      Array.from({ length: 250 }, (_, i) => ({
        actorEmail: ADMIN,
        action: 'tool.edit',
        target: randomUUID(),
        details: { name: `Drill ${i}`, changes: { availableQuantity: { from: i, to: i + 1 } } },
        createdAt: new Date(start + 1000 * (1 + Math.floor(i / 10))),
      })),
    );

    const pages = await allPages(100);
    expect(pages[0]).toMatchObject({ total: 100, totalCapped: true });
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((e) => e._id)).size).toBe(items.length);
    expect(items.filter((e) => e.action === 'tool.edit')).toHaveLength(250);
    expect(items.find((e) => e.target === orderId)).toMatchObject({
      action: 'order.refund',
      details: { cents: 8970 },
    });
    const times = items.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    ['a cursor it never gave', 'cursor=bm9wZQ'],
    [
      'a cursor with a bad date',
      `cursor=${Buffer.from(JSON.stringify(['2026-02-30 10:00:00+00', randomUUID()])).toString('base64url')}`,
    ],
    [
      'a cursor with an id that is no uuid',
      `cursor=${Buffer.from(JSON.stringify(['2026-02-03 10:00:00+00', 'x'])).toString('base64url')}`,
    ],
    ['a limit of 101', 'limit=101'],
    ['an unknown parameter', 'sort=oldest'],
  ])('refuses %s (400)', async (_what, query) => {
    const res = await t.call('GET', `/api/admin/audit?${query}`, admin);
    expect(res.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/admin/audit')).statusCode).toBe(401);
  });
});
