import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { session, user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';

/**
 * The tables whose content a refused call must leave alone. Sessions and verifications are left
 * out: better-auth may tidy an expired session away while refusing it, which is not a change the
 * caller made.
 */
export const SNAPSHOT_TABLES = [
  'tools',
  'orders',
  'reviews',
  'profiles',
  'user',
  'account',
  'audit_log',
  'sandbox_payment_intents',
  'newsletter_signups',
  'newsletter_links',
] as const;

export type Snapshot = Record<string, { rows: number; hash: string | null }>;

/** Row count and a hash of every row's text, per table, in one round trip. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const query = SNAPSHOT_TABLES.map(
    (name) =>
      `select '${name}' as name, count(*)::int as rows, md5(string_agg(t::text, ',' order by t::text)) as hash from "${name}" t`,
  ).join(' union all ');
  const result = (await db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; rows: number; hash: string | null }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** The tables that differ between two snapshots, with their row counts before → after. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return SNAPSHOT_TABLES.filter(
    (name) => before[name]?.rows !== after[name]?.rows || before[name]?.hash !== after[name]?.hash,
  ).map((name) => `${name} (${before[name]?.rows} → ${after[name]?.rows} rows)`);
}

/** Whether a body is DESIGN §3's error shape: {error: {code, message, fields?}} and nothing else. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields, ...rest } = error as Record<string, unknown>;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string' || message === '') return false;
  if (Object.keys(rest).length > 0) return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((value) => typeof value === 'string')
  );
}

export function parseJson(res: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
}

// What a stack trace, an SQL statement or a database error message looks like.
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat\s+(?:async\s+)?[\w$.<>[\]]*\s*\(?[^()\s]*:\d+:\d+\)?/],
  ['source path', /(?:node_modules|\/src\/|\.ts:\d+|\.js:\d+|file:\/\/)/],
  ['SQL', /\b(?:select\s[\s\S]*\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i],
  [
    'database error',
    /(?:violates|relation "|column "|syntax error at or near|invalid byte sequence|duplicate key|SQLSTATE|PGlite|pg_|ECONNREFUSED|drizzle)/i,
  ],
  ['error class', /\b(?:TypeError|ReferenceError|RangeError|DatabaseError|PostgresError)\b/],
];

/** The kinds of internals an answer shows, if any. */
export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
}

/**
 * An account straight in the database (no password: it only has to exist); `emailVerified` as if
 * its owner had followed the mailed link.
 */
export async function insertUser(
  db: Db,
  prefix = 'target',
  { emailVerified = false } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${prefix}${id.replaceAll('-', '').slice(0, 10)}@example.com`;
  await db.insert(user).values({ id, name: `Target ${prefix}`, email, emailVerified });
  return { id, email };
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** Moves a session's expiry into the past, as if it had run out. */
export async function expireSession(db: Db, token: string): Promise<void> {
  const rows = await db
    .update(session)
    .set({ expiresAt: new Date(Date.now() - 60 * 60 * 1000) })
    .where(eq(session.token, token))
    .returning({ id: session.id });
  if (rows.length !== 1) throw new Error('no session to expire');
}
