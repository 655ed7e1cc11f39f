import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newEmail } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { newsletterLinks, newsletterSignups } from '#server/db/schema.ts';

const HOUR_MS = 3_600_000;
/**
 * How long a pass may take to be seen. An hour of fake time also fires the other features' minutely
 * passes (sixty of each, at once), which PGlite's one thread answers before the purge's delete.
 */
const SEEN = { timeout: 20_000, interval: 50 };

let t: Awaited<ReturnType<typeof createTestApp>>;
let abandonedBeforeStart: string;
let freshBeforeStart: string;

/**
 * An unconfirmed sign-up with one link, ending at `ends` by the database's clock (as the purge
 * judges it). Written straight to the tables: the app may not be started yet.
 */
async function signUpEnding(ends: 'a second ago' | 'in an hour'): Promise<string> {
  const email = newEmail(ends === 'a second ago' ? 'gone' : 'kept');
  const at = sql`now() + ${ends === 'a second ago' ? '-1 second' : '1 hour'}::interval`;
  const [row] = await t.db
    .insert(newsletterSignups)
    .values({ name: 'Purge Me', email, phone: '+1 555 0142', tokenExpiresAt: at })
    .returning({ id: newsletterSignups.id });
  await t.db
    .insert(newsletterLinks)
    .values({ tokenHash: randomBytes(32).toString('hex'), signupId: row!.id, expiresAt: at });
  return email;
}
const rowsOf = (email: string) =>
  t.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));
const linksOf = async (email: string) => {
  const [row] = await rowsOf(email);
  return row ? t.db.select().from(newsletterLinks).where(eq(newsletterLinks.signupId, row.id)) : [];
};

beforeAll(async () => {
  // Only the intervals are fake: the database, its thread and Fastify keep their real clocks.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  // A logger of our own: the one buildApp makes flushes on an interval it never clears, which
  // would stay among the fake timers counted after close.
  t = await createTestApp({}, { logger: pino({ level: 'silent' }) });
  // Not started yet: buildApp leaves that to the first request or to ready().
  abandonedBeforeStart = await signUpEnding('a second ago');
  freshBeforeStart = await signUpEnding('in an hour');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('the newsletter purge’s timer (decision 032)', () => {
  it('purges at start, without waiting for the hour', async () => {
    await t.app.ready();
    await vi.waitFor(async () => expect(await rowsOf(abandonedBeforeStart)).toEqual([]), SEEN);
    expect(await rowsOf(freshBeforeStart)).toHaveLength(1);
  });

  it('purges every hour while the store runs: a sign-up whose link has just expired goes, with its links', async () => {
    // The first pass is over: it deleted the sign-up above (see the test before).
    await vi.waitFor(async () => expect(await rowsOf(abandonedBeforeStart)).toEqual([]), SEEN);
    const [abandoned, fresh] = [await signUpEnding('a second ago'), await signUpEnding('in an hour')];
    expect(await rowsOf(abandoned)).toHaveLength(1);

    vi.advanceTimersByTime(HOUR_MS);

    await vi.waitFor(async () => expect(await rowsOf(abandoned)).toEqual([]), SEEN);
    expect(await linksOf(abandoned)).toEqual([]);
    expect(await rowsOf(fresh)).toHaveLength(1);
    expect(await linksOf(fresh)).toHaveLength(1);
  });

  it('after close, a pass started before it is done, and no timer is left to run another', async () => {
    const abandoned = await signUpEnding('a second ago');
    vi.advanceTimersByTime(HOUR_MS);
    await t.app.close();
    // Gone as close returns. Not proof that close waits for this pass: the other features' passes,
    // which close waits for, queue on the same database behind it.
    expect(await rowsOf(abandoned)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
