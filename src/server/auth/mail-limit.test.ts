import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, origin, signUp } from '#tests/fixtures/accounts.ts';
import { sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { createTestApp, testConfig } from '#tests/fixtures/test-app.ts';
import { buildApp } from '#server/app.ts';
import type { Config } from '#server/config.ts';

const RESET = /Subject: Reset your Torque password/;
const CONFIRM = /Subject: Confirm your Torque email address/;
const REFUSAL = /^Too many emails were sent to this address\. Please wait 60 minutes and try again\.$/;

/**
 * The calls that mail an address anyone names, on a store whose per-minute limits are out of the
 * way (testConfig's 1000 a minute): each from an IP of its own, and on `instances` in turn.
 */
function mailsToOneAddress(overrides: Partial<Config>, instances: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'torque-mail-limit-'));
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp({ dataDir, ...overrides });
    apps.push(t.app);
    while (apps.length < instances) {
      apps.push(await buildApp(testConfig({ dataDir, ...overrides }), { database: t.database }));
    }
  });
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close();
    await t.close();
  });

  // Counters in Redis outlive a run: fresh addresses (newEmail) and IPs of this run's own.
  const run = 10 + Math.floor(Math.random() * 240);
  let calls = 0;
  const post = (path: string, payload: object) => {
    calls += 1;
    return apps[calls % apps.length]!.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      payload,
      headers: { origin },
      remoteAddress: `10.${run}.${Math.floor(calls / 250)}.${calls % 250}`,
    });
  };
  const askReset = (email: string) =>
    post('request-password-reset', { email, redirectTo: '/reset-password' });
  // An outbox worker sends the mails after the answer: with two instances, either one's.
  const expectMails = async (email: string, subject: RegExp, count: number) =>
    expect((await sentMailsTo(t.db, dataDir, email, subject)).links).toHaveLength(count);

  it('mails a reset link to one address 5 times an hour, from any IP; the 6th is 429 for known and unknown addresses alike, and another address still gets its mail', async () => {
    const ann = await signUp(t.app, 'ann');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await askReset(ann.email)).statusCode);
    const sixth = await askReset(ann.email);
    expect([...statuses, sixth.statusCode]).toEqual([200, 200, 200, 200, 200, 429]);
    expect(sixth.json().error).toEqual({ code: 'rate_limited', message: expect.stringMatching(REFUSAL) });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await expectMails(ann.email, RESET, 5);
    // Another spelling of the address is the same inbox.
    expect((await askReset(` ${ann.email.toUpperCase()} `)).statusCode).toBe(429);
    await expectMails(ann.email, RESET, 5);

    // An address without an account is answered as Ann's is: first 200s, then the same 429.
    const nobody = newEmail('nobody');
    for (let i = 0; i < 5; i++) expect((await askReset(nobody)).statusCode).toBe(200);
    const refused = await askReset(nobody);
    expect([refused.statusCode, refused.json()]).toEqual([429, sixth.json()]);

    const bo = await signUp(t.app, 'bo');
    expect((await askReset(bo.email)).statusCode).toBe(200);
    await expectMails(bo.email, RESET, 1);
  });

  it('counts confirmation mails in the same budget as reset mails', async () => {
    const cy = await signUp(t.app, 'cy');
    const resend = () => post('send-verification-email', { email: cy.email });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await askReset(cy.email)).statusCode).toBe(200);
    const sixth = await resend();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({ code: 'rate_limited', message: expect.stringMatching(REFUSAL) });
    expect((await askReset(cy.email)).statusCode).toBe(429);
    // The sign-up's confirmation and the 3 asked for; the 2 resets.
    await expectMails(cy.email, CONFIRM, 4);
    await expectMails(cy.email, RESET, 2);
  });
}

describe('mails to one address, counted in memory', () => mailsToOneAddress({}, 1));

// Two instances on one Redis count one budget. CI sets TEST_REDIS_URL; without it this is skipped.
describe.runIf(process.env.TEST_REDIS_URL)('mails to one address, counted across instances in Redis', () =>
  mailsToOneAddress({ redisUrl: process.env.TEST_REDIS_URL! }, 2),
);
