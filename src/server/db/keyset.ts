import { type SQL, sql } from 'drizzle-orm';
import { ADMIN_TOTAL_CAP } from '#shared/schemas/order.ts';
import { Invalid } from '#server/domain-errors.ts';
import { type Db, errorChain } from './client.ts';

// Keyset pages of the admin's lists (orders, accounts): newest or oldest first on (created_at, id).

const INVALID_CURSOR = { cursor: 'Not a cursor this list gave' };
// PostgreSQL's codes for a value it cannot read as its type (SQLSTATE class 22).
const BAD_VALUE = new Set(['22007', '22008', '22P02', '22003']);
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?)?$/;

/** `q` as an ILIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The keyset cursor of an admin list: the last row's created_at (as the database wrote it) and id. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** A cursor's created_at and id; one that no list gave is refused (400). */
export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      TIMESTAMP.test(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 100 &&
      value[1].length > 0
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Falls through to the same answer as any other cursor we did not give.
  }
  throw new Invalid(INVALID_CURSOR);
}

/** A value the database could not read (a cursor's 30 February) is the caller's bad cursor. */
export function badCursor(err: unknown): never {
  if ([...errorChain(err)].some((e) => BAD_VALUE.has(String((e as { code?: unknown }).code)))) {
    throw new Invalid(INVALID_CURSOR);
  }
  throw err;
}

/** A count of up to ADMIN_TOTAL_CAP + 1 rows as a list answers it: past the cap, "at least". */
export function cappedTotal(n: number): { total: number; totalCapped: boolean } {
  return n > ADMIN_TOTAL_CAP
    ? { total: ADMIN_TOTAL_CAP, totalCapped: true }
    : { total: n, totalCapped: false };
}

/**
 * How many rows match, counted up to ADMIN_TOTAL_CAP + 1: past the cap the answer says "at least"
 * (an exact count of 1,000,000 orders would cost more than the page it comes with).
 */
export async function cappedCount(
  db: Db,
  from: SQL,
  where: SQL,
): Promise<{ total: number; totalCapped: boolean }> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${ADMIN_TOTAL_CAP + 1}) s`,
  )) as unknown as { rows: { n: number }[] };
  return cappedTotal(Number(rows[0]?.n ?? 0));
}
