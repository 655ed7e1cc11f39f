import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origin, signUp } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { mailOutbox } from '#server/db/schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin, ...headers } });

const noticesTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'password_changed')));

describe('the account holder is told of a changed password', () => {
  it('once after a change while signed in, and not after one refused for a wrong current password', async () => {
    const kim = await signUp(t.app, 'kim');
    const refused = await post(
      '/api/auth/change-password',
      { currentPassword: 'not the password', newPassword: 'a changed password' },
      { cookie: kim.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(await noticesTo(kim.email)).toHaveLength(0);

    const before = Date.now();
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: kim.password, newPassword: 'a changed password' },
      { cookie: kim.cookie },
    );
    expect(changed.statusCode).toBe(200);
    const notices = await noticesTo(kim.email);
    expect(notices).toHaveLength(1);
    const { name, changedAt } = notices[0]!.data as { name: string; changedAt: string };
    expect(name).toBe('Test kim');
    expect(Date.parse(changedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Sent by the outbox's worker just after the answer, as the other account mails are.
    await vi.waitFor(
      async () => expect((await noticesTo(kim.email))[0]!.subject).toBe('Your Torque password was changed'),
      { timeout: 5_000, interval: 20 },
    );
  });

  it('once after a reset by a mailed link', async () => {
    const ivy = await signUp(t.app, 'ivy');
    const asked = await post('/api/auth/request-password-reset', {
      email: ivy.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    const [reset] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ivy.email), eq(mailOutbox.kind, 'password_reset')));
    const link = new URL((reset!.data as { url: string }).url);
    const landing = await t.app.inject({ url: link.pathname + link.search });
    const token = new URL(String(landing.headers.location), 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();
    expect(await noticesTo(ivy.email)).toHaveLength(0);

    const used = await post('/api/auth/reset-password', { newPassword: 'the new password', token });
    expect(used.statusCode).toBe(200);
    expect(await noticesTo(ivy.email)).toHaveLength(1);
    // The spent link does nothing, and tells nothing, again.
    const again = await post('/api/auth/reset-password', { newPassword: 'another password', token });
    expect(again.statusCode).toBe(400);
    expect(await noticesTo(ivy.email)).toHaveLength(1);
  });
});
