import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, origin, signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { pathOf, sentMailsTo } from '#tests/fixtures/mail-files.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { newsletterLinks, newsletterSignups } from '#server/db/schema.ts';
import { purgeUnconfirmedSignups } from './newsletter.service.ts';

const ADMIN = 'marketing@example.com';
// Without SMTP the store writes its mail here: the links to confirm are read from it.
const dataDir = mkdtempSync(join(tmpdir(), 'torque-newsletter-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN], dataDir });
  admin = await signUpAdmin(t.app, { name: 'Mark Eting', email: ADMIN, password: 'correct horse battery' });
});
afterAll(async () => t.close());

const signUpFor = (payload: object, app = t.app, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload, ...(remoteAddress && { remoteAddress }) });
const rowsOf = async (email: string) =>
  t.db
    .select()
    .from(newsletterSignups)
    .where(sql`lower(${newsletterSignups.email}) = ${email.toLowerCase()}`);
const linkRowsOf = async (email: string) =>
  t.db
    .select()
    .from(newsletterLinks)
    .where(
      inArray(
        newsletterLinks.signupId,
        (await rowsOf(email)).map((r) => r.id),
      ),
    )
    .orderBy(newsletterLinks.expiresAt);
/** Moves a sign-up's links (all, or the oldest) to past their 7 days, as if mailed 8 days ago. */
const expireLinks = async (email: string, which: 'all' | 'oldest' = 'all') => {
  const past = new Date(Date.now() - 86_400_000);
  const links = await linkRowsOf(email);
  const hashes = (which === 'all' ? links : links.slice(0, 1)).map((l) => l.tokenHash);
  await t.db
    .update(newsletterLinks)
    .set({ expiresAt: past })
    .where(inArray(newsletterLinks.tokenHash, hashes));
  if (which === 'all') {
    await t.db
      .update(newsletterSignups)
      .set({ tokenExpiresAt: past })
      .where(eq(newsletterSignups.email, email));
  }
};

/** The CSV's records as cells, after its byte-order mark (every cell is quoted; none here holds a comma or quote). */
const records = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));

const CONFIRM = /Subject: Confirm your subscription to Torque's newsletter/;
/** The mails to confirm sent to this address: the last one's text, and every link, oldest first. */
const mailsTo = (email: string) => sentMailsTo(t.db, dataDir, email, CONFIRM);
const linksTo = async (email: string) => (await mailsTo(email)).links;
const openLink = (link: string) => t.app.inject({ method: 'GET', url: pathOf(link) });
/** The admin's export, as records. */
const exported = async () => records((await t.call('GET', '/api/admin/newsletter.csv', admin)).body);
const ACK = { acknowledged: true };

describe('double opt-in (decision 032)', () => {
  it('mails a link and lists the address only once its owner opens it; the page then says so', async () => {
    const email = newEmail('ola');
    const res = await signUpFor({ name: 'Ola Opt', email, phone: '+1 555 0123' });
    expect([res.statusCode, res.json()]).toEqual([200, ACK]);
    const [link] = await linksTo(email);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/api\/newsletter\/confirm\?token=[\w-]{43}$/);
    expect((await mailsTo(email)).text).toContain('Hello Ola Opt,');
    expect((await rowsOf(email))[0]?.confirmedAt).toBeNull();
    expect((await exported()).some((r) => r[1] === email)).toBe(false);

    const opened = await openLink(link!);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/?newsletter=confirmed#newsletter');
    const [row] = await rowsOf(email);
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect((await exported()).find((r) => r[1] === email)).toEqual([
      'Ola Opt',
      email,
      `'+1 555 0123`,
      row!.createdAt.toISOString(),
      row!.confirmedAt!.toISOString(),
    ]);
    // Opened again (or a mail scanner opened it first): still confirmed, at the first time.
    expect((await openLink(link!)).headers.location).toBe('/?newsletter=confirmed#newsletter');
    expect((await rowsOf(email))[0]?.confirmedAt).toEqual(row!.confirmedAt);
  });

  it('answers a repeat as the first: an unconfirmed address gets one more link (the first still confirms), a confirmed one no mail', async () => {
    const email = newEmail('rae');
    const first = await signUpFor({ name: 'Rae One', email });
    const again = await signUpFor({ name: 'Rae Two', email: email.toUpperCase() });
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    const [older, newer] = await linksTo(email);
    expect(await linksTo(email)).toHaveLength(2);
    expect((await mailsTo(email)).text).toContain('Hello Rae Two,');
    // The first mail came late, and is the one opened.
    expect((await openLink(older!)).headers.location).toBe('/?newsletter=confirmed#newsletter');
    const at = (await rowsOf(email))[0]?.confirmedAt;
    expect(at).toBeInstanceOf(Date);
    expect((await openLink(newer!)).headers.location).toBe('/?newsletter=confirmed#newsletter');
    expect((await rowsOf(email))[0]?.confirmedAt).toEqual(at);

    const [confirmed] = await rowsOf(email);
    const later = await signUpFor({ name: 'Someone Else', email, phone: '+1 555 0999' });
    expect([later.statusCode, later.body]).toEqual([first.statusCode, first.body]);
    expect(await linksTo(email)).toHaveLength(2);
    expect(await rowsOf(email)).toEqual([confirmed]);
  });

  it.each([
    ['unconfirmed', false],
    ['confirmed', true],
  ])(
    'caps the sign-ups of one %s address at 5 an hour, its mail budget, then answers 429 alike',
    async (_what, confirm) => {
      const email = newEmail('cap');
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await signUpFor({ name: 'Cap', email }, t.app, `10.9.0.${i}`);
        statuses.push(res.statusCode);
        if (i === 5) {
          expect(res.json().error).toEqual({
            code: 'rate_limited',
            message: 'Too many emails were sent to this address. Please wait 60 minutes and try again.',
          });
        }
        if (i === 0 && confirm) await openLink((await linksTo(email))[0]!);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await linksTo(email)).toHaveLength(confirm ? 1 : 5);
    },
  );

  it.each([
    ['a token never mailed', '?token=not-a-token'],
    ['no token', ''],
    ['an empty token', '?token='],
  ])('says a link with %s is not valid, and changes nothing', async (_what, query) => {
    const before = await t.db.select().from(newsletterSignups).orderBy(newsletterSignups.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm${query}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=invalid_link#newsletter');
    expect(await t.db.select().from(newsletterSignups).orderBy(newsletterSignups.id)).toEqual(before);
  });

  it('says an expired link is not valid, and leaves the address off the list', async () => {
    const email = newEmail('old');
    await signUpFor({ name: 'Old Link', email });
    // Mailed more than 7 days ago.
    expect((await linkRowsOf(email))[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    await expireLinks(email);
    const res = await openLink((await linksTo(email))[0]!);
    expect(res.headers.location).toBe('/?newsletter=invalid_link#newsletter');
    expect((await rowsOf(email))[0]?.confirmedAt).toBeNull();
    expect((await exported()).some((r) => r[1] === email)).toBe(false);
  });

  it('refuses a first link past its 7 days though a later one still works, and changes nothing', async () => {
    const email = newEmail('week');
    await signUpFor({ name: 'Week Old', email });
    await signUpFor({ name: 'Week Old', email });
    await expireLinks(email, 'oldest');
    const [older, newer] = await linksTo(email);
    expect((await openLink(older!)).headers.location).toBe('/?newsletter=invalid_link#newsletter');
    expect((await rowsOf(email))[0]?.confirmedAt).toBeNull();
    expect((await openLink(newer!)).headers.location).toBe('/?newsletter=confirmed#newsletter');
  });

  it('never moves a sign-up’s end earlier than a link already mailed (a racing sign-up’s), so the purge keeps it', async () => {
    const email = newEmail('race');
    await signUpFor({ name: 'Race', email });
    // Another sign-up, committed first, gave the row a later end than the one this one computes.
    const later = new Date(Date.now() + 30 * 86_400_000);
    await t.db
      .update(newsletterSignups)
      .set({ tokenExpiresAt: later })
      .where(eq(newsletterSignups.email, email));
    await signUpFor({ name: 'Race', email });
    expect((await rowsOf(email))[0]?.tokenExpiresAt?.getTime()).toBe(later.getTime());
    // This sign-up's own link gets its 7 days, by the database's clock.
    const newest = (await linkRowsOf(email)).at(-1)!;
    expect(newest.expiresAt.getTime()).toBeLessThan(Date.now() + 7.1 * 86_400_000);
    expect(newest.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });

  it('stores the link’s token hashed: the table alone confirms no one', async () => {
    const email = newEmail('hash');
    await signUpFor({ name: 'Hash', email });
    const token = new URL((await linksTo(email))[0]!).searchParams.get('token')!;
    const links = await linkRowsOf(email);
    expect(links.map((l) => l.tokenHash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify([await rowsOf(email), links])).not.toContain(token);
  });
});

describe('the purge of abandoned sign-ups (decision 032)', () => {
  it('deletes an unconfirmed sign-up whose links all expired, with its links; keeps a confirmed one and a fresh one', async () => {
    const [abandoned, confirmed, fresh] = [newEmail('gone'), newEmail('kept'), newEmail('fresh')];
    for (const email of [abandoned, confirmed, fresh]) {
      await signUpFor({ name: 'Purge Me', email, phone: '+1 555 0142' });
      await signUpFor({ name: 'Purge Me', email, phone: '+1 555 0142' });
    }
    await openLink((await linksTo(confirmed))[0]!);
    await expireLinks(abandoned);
    await expireLinks(confirmed);
    const gone = (await rowsOf(abandoned))[0]!;

    expect(await purgeUnconfirmedSignups(t.db)).toBeGreaterThanOrEqual(1);

    expect(await rowsOf(abandoned)).toEqual([]);
    expect(await t.db.select().from(newsletterLinks).where(eq(newsletterLinks.signupId, gone.id))).toEqual(
      [],
    );
    expect((await rowsOf(confirmed))[0]?.confirmedAt).toBeInstanceOf(Date);
    expect((await exported()).some((r) => r[1] === confirmed)).toBe(true);
    expect(await rowsOf(fresh)).toHaveLength(1);
    expect((await openLink((await linksTo(fresh))[0]!)).headers.location).toBe(
      '/?newsletter=confirmed#newsletter',
    );
  });
});

describe('POST /api/newsletter', () => {
  it('stores one row per address: an unconfirmed repeat, in any case, takes the latest name and phone', async () => {
    const first = await signUpFor({ name: 'Nora Nails', email: 'nora@build.example', phone: '+1 555 0100' });
    expect([first.statusCode, first.json()]).toEqual([200, ACK]);
    const again = await signUpFor({ name: 'Someone Else', email: ' NORA@Build.example ' });
    expect([again.statusCode, again.json()]).toEqual([200, ACK]);
    const rows = await rowsOf('nora@build.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Someone Else', email: 'nora@build.example', phone: null });
  });

  it('takes a sign-up without a phone', async () => {
    expect((await signUpFor({ name: 'Pat', email: 'pat@build.example', phone: '' })).json()).toEqual(ACK);
    expect((await signUpFor({ name: 'Quin', email: 'quin@build.example' })).json()).toEqual(ACK);
    expect((await rowsOf('pat@build.example'))[0]?.phone).toBeNull();
  });

  it.each([
    ['no name', { email: 'a@build.example' }, 'name'],
    ['markup in the name', { name: '<b>x</b>', email: 'a@build.example' }, 'name'],
    ['no email', { name: 'A' }, 'email'],
    ['a bad email', { name: 'A', email: 'not-an-email' }, 'email'],
    ['letters for a phone', { name: 'A', email: 'a@build.example', phone: 'call me' }, 'phone'],
    ['a field of its own', { name: 'A', email: 'a@build.example', admin: true }, null],
  ])('refuses %s (400) and stores nothing', async (_what, payload, field) => {
    const res = await signUpFor(payload);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().error.fields).toHaveProperty(field);
    expect(await rowsOf('a@build.example')).toHaveLength(0);
  });

  it('is limited per IP address', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await signUpFor({ name: 'Spam', email: `spam${i}@build.example` }, limited.app)).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** The box posted as a form, as a browser without JavaScript sends it from the home page. */
const postForm = (
  fields: Record<string, string>,
  app = t.app,
  headers: Record<string, string> = { origin },
) =>
  app.inject({
    method: 'POST',
    url: '/newsletter',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

describe('POST /newsletter as a form (no JavaScript)', () => {
  it('stores the address once, mails it, and sends the browser back to the box saying to check the inbox (303), alike for a repeat', async () => {
    const first = await postForm({ name: 'Rita Rivet', email: 'Rita@Build.example', phone: '' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/?newsletter=check_inbox#newsletter');
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await postForm({ name: 'Rita Again', email: 'rita@build.example', phone: '+1 555 0101' });
    expect(again.headers.location).toBe('/?newsletter=check_inbox#newsletter');
    const rows = await rowsOf('rita@build.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Rita Again', email: 'rita@build.example', phone: '+1 555 0101' });
    expect(await linksTo('rita@build.example')).toHaveLength(2);
  });

  it('sends the 6th sign-up of an address within the hour back with the mail cap’s words', async () => {
    const email = newEmail('formcap');
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push((await postForm({ name: 'Cap', email })).headers.location);
    expect(outcomes.at(-1)).toBe('/?newsletter=too_many_mails#newsletter');
    expect(new Set(outcomes.slice(0, 5))).toEqual(new Set(['/?newsletter=check_inbox#newsletter']));
  });

  it.each([
    ['a bad email', { name: 'Sam', email: 'not-an-email' }, 'invalid_email'],
    ['no email', { name: 'Sam' }, 'invalid_email'],
    ['markup in the name', { name: '<b>Sam</b>', email: 'sam@build.example' }, 'invalid_name'],
    ['letters for a phone', { name: 'Sam', email: 'sam@build.example', phone: 'call me' }, 'invalid_phone'],
  ])('sends %s back to the box with its code, storing nothing', async (_what, fields, code) => {
    const res = await postForm(fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/?newsletter=${code}#newsletter`);
    expect(await rowsOf('sam@build.example')).toHaveLength(0);
  });

  it('takes only the box’s fields: another one changes nothing', async () => {
    const res = await postForm({ name: 'Tess', email: 'tess@build.example', admin: 'true' });
    expect(res.headers.location).toBe('/?newsletter=check_inbox#newsletter');
  });

  it('counts against the same rate limit as the API', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const outcomes = [];
      for (let i = 0; i < 2; i++) {
        await signUpFor({ name: 'Spam', email: `api${i}@build.example` }, limited.app);
      }
      for (let i = 0; i < 2; i++) {
        outcomes.push(
          (await postForm({ name: 'Spam', email: `form${i}@build.example` }, limited.app)).headers.location,
        );
      }
      expect(outcomes).toEqual([
        '/?newsletter=check_inbox#newsletter',
        '/?newsletter=rate_limited#newsletter',
      ]);
    } finally {
      await limited.close();
    }
  });

  it('is refused from another site (403)', async () => {
    const res = await postForm({ name: 'Eve', email: 'eve@build.example' }, t.app, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf('eve@build.example')).toHaveLength(0);
  });
});

describe('GET /api/admin/newsletter.csv', () => {
  it('streams every confirmed sign-up, oldest first, under a header, with formulas kept as text', async () => {
    await signUpFor({ name: '=HYPERLINK("x")', email: 'formula@build.example', phone: '+1 555 0199' });
    await openLink((await linksTo('formula@build.example'))[0]!);
    // More than one batch of the export, every other one unconfirmed.
    await t.db.insert(newsletterSignups).values(
      Array.from({ length: 4200 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@build.example`,
        createdAt: new Date(Date.now() + 60_000 + i),
        confirmedAt: i % 2 ? null : new Date(Date.now() + 120_000 + i),
      })),
    );
    const res = await t.call('GET', '/api/admin/newsletter.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter.csv"');
    const lines = records(res.body);
    expect(res.body.startsWith('\uFEFF"Name"')).toBe(true);
    expect(lines[0]).toEqual(['Name', 'Email', 'Phone', 'Signed up', 'Confirmed']);
    const [total] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSignups)
      .where(isNotNull(newsletterSignups.confirmedAt));
    expect(lines).toHaveLength(total!.n + 1);
    expect(lines.some((l) => l[1] === 'bulk4199@build.example')).toBe(false);
    expect(new Set(lines.map((l) => l[1])).size).toBe(lines.length);
    expect(lines.find((l) => l[1] === 'formula@build.example')).toEqual([
      `'=HYPERLINK(""x"")`,
      'formula@build.example',
      `'+1 555 0199`,
      expect.any(String),
      expect.any(String),
    ]);
    expect(lines.at(-1)?.[0]).toBe('Bulk 4198');
    const times = lines.slice(1).map((l) => Date.parse(l[3]!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is for admins only', async () => {
    const customer = await signUp(t.app, 'reader');
    expect((await t.call('GET', '/api/admin/newsletter.csv')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/newsletter.csv', customer)).statusCode).toBe(403);
  });
});
