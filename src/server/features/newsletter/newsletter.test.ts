import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { origin, signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { newsletterSignups } from '#server/db/schema.ts';

const ADMIN = 'marketing@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  admin = await signUpAdmin(t.app, { name: 'Mark Eting', email: ADMIN, password: 'correct horse battery' });
});
afterAll(async () => t.close());

const signUpFor = (payload: object, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload });
const rowsOf = async (email: string) =>
  t.db
    .select()
    .from(newsletterSignups)
    .where(sql`lower(${newsletterSignups.email}) = ${email.toLowerCase()}`);

/** The CSV's records, each split into its cells (every cell is quoted; none here holds a comma or quote). */
/** The CSV's records as cells, after its byte-order mark. */
const records = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));

describe('POST /api/newsletter', () => {
  it('stores a sign-up once per address: a repeat, in any case, is a 200 that stores nothing', async () => {
    const first = await signUpFor({ name: 'Nora Nails', email: 'nora@build.example', phone: '+1 555 0100' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, subscribed: true });
    const again = await signUpFor({ name: 'Someone Else', email: ' NORA@Build.example ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, subscribed: false });
    const rows = await rowsOf('nora@build.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Nora Nails', email: 'nora@build.example', phone: '+1 555 0100' });
  });

  it('takes a sign-up without a phone', async () => {
    expect((await signUpFor({ name: 'Pat', email: 'pat@build.example', phone: '' })).json().subscribed).toBe(
      true,
    );
    expect((await signUpFor({ name: 'Quin', email: 'quin@build.example' })).json().subscribed).toBe(true);
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
  it('stores the address once and sends the browser back to the box with what happened (303)', async () => {
    const first = await postForm({ name: 'Rita Rivet', email: 'Rita@Build.example', phone: '' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/?newsletter=subscribed#newsletter');
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await postForm({ name: 'Rita Again', email: 'rita@build.example', phone: '+1 555 0101' });
    expect(again.headers.location).toBe('/?newsletter=already#newsletter');
    const rows = await rowsOf('rita@build.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Rita Rivet', email: 'rita@build.example', phone: null });
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
    expect(res.headers.location).toBe('/?newsletter=subscribed#newsletter');
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
        '/?newsletter=subscribed#newsletter',
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
  it('streams every sign-up, oldest first, under a header, with formulas kept as text', async () => {
    await signUpFor({ name: '=HYPERLINK("x")', email: 'formula@build.example', phone: '+1 555 0199' });
    // More than one batch of the export.
    await t.db.insert(newsletterSignups).values(
      Array.from({ length: 2100 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@build.example`,
        createdAt: new Date(Date.now() + 60_000 + i),
      })),
    );
    const res = await t.call('GET', '/api/admin/newsletter.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter.csv"');
    const lines = records(res.body);
    expect(res.body.startsWith('\uFEFF"Name"')).toBe(true);
    expect(lines[0]).toEqual(['Name', 'Email', 'Phone', 'Signed up']);
    const [total] = await t.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSignups);
    expect(lines).toHaveLength(total!.n + 1);
    expect(new Set(lines.map((l) => l[1])).size).toBe(lines.length);
    expect(lines.find((l) => l[1] === 'formula@build.example')).toEqual([
      `'=HYPERLINK(""x"")`,
      'formula@build.example',
      `'+1 555 0199`,
      expect.any(String),
    ]);
    expect(lines.at(-1)?.[0]).toBe('Bulk 2099');
    const times = lines.slice(1).map((l) => Date.parse(l[3]!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is for admins only', async () => {
    const customer = await signUp(t.app, 'reader');
    expect((await t.call('GET', '/api/admin/newsletter.csv')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/newsletter.csv', customer)).statusCode).toBe(403);
  });
});
