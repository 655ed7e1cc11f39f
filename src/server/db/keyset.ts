import { type SQL, sql } from 'drizzle-orm';
import { ADMIN_TOTAL_CAP } from '#shared/schemas/order.ts';
import { Invalid } from '#server/domain-errors.ts';
import { type Db, errorChain } from './client.ts';

// Keyset pages: the admin's lists (orders, accounts, reviews, the audit log) go newest or oldest
// first on (created_at, id); the catalogue on (its sort's key, id).

const LIST_CURSOR = 'Not a cursor this list gave';
// PostgreSQL's codes for a value it cannot read as its type (SQLSTATE class 22).
const BAD_VALUE = new Set(['22007', '22008', '22P02', '22003']);
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?)?$/;
const ANY_ID = /^[^]{1,100}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `q` as an ILIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** A keyset cursor: the last row's sort key (created_at as the database wrote it, unless told) and id. */
function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

interface CursorShape {
  /** The sort key's shape: created_at's unless told. */
  key?: RegExp;
  /** The row id's shape: any id of up to 100 characters unless told. */
  id?: RegExp;
  /** The 400's message for a cursor the list did not give. */
  refusal?: string;
}

/** A cursor's sort key and id; one that the list did not give is refused (400). */
export function decodeCursor(
  cursor: string,
  { key = TIMESTAMP, id = ANY_ID, refusal = LIST_CURSOR }: CursorShape = {},
): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 200 &&
      key.test(value[0]) &&
      typeof value[1] === 'string' &&
      id.test(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Falls through to the same answer as any other cursor we did not give.
  }
  throw new Invalid({ cursor: refusal });
}

/** A value the database could not read (a cursor's 30 February) is the caller's bad cursor. */
export function badCursor(err: unknown, refusal = LIST_CURSOR): never {
  if ([...errorChain(err)].some((e) => BAD_VALUE.has(String((e as { code?: unknown }).code)))) {
    throw new Invalid({ cursor: refusal });
  }
  throw err;
}

/**
 * A keyset page from the rows asked for with `limit + 1`: the first `limit` as items, and the
 * cursor after the last of them when the extra row says there are more.
 */
export function keysetPage<Row, Item>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => [string, string],
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(...cursorOf(last)) : null,
  };
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
