import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AdminUsersPage, AdminUsersQuery } from '#shared/schemas/admin.ts';
import { user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { toRole, userRecordColumns } from './accounts.service.ts';
import { badCursor, cappedCount, containing, decodeCursor, keysetPage } from '#server/db/keyset.ts';
import { jsonArray } from '#server/http/json-array.ts';

/**
 * One page of GET /api/admin/users: accounts newest first (a colleague who just signed up is at the
 * top, to be made an admin), keyset on (created_at, id); `q` matches the name or the email, in any
 * case, through their trigram index.
 */
export async function listUsersPage(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const filters: SQL[] = [sql`true`];
  if (query.q) filters.push(sql`(${user.name} || ' ' || ${user.email}) ilike ${containing(query.q)}`);
  const where = and(...filters)!;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = cursor
    ? and(where, sql`(${user.createdAt}, ${user.id}) < (${cursor[0]}::timestamp, ${cursor[1]})`)
    : where;
  const [rows, count] = await Promise.all([
    db
      .select({ ...userRecordColumns, at: sql<string>`${user.createdAt}::text` })
      .from(user)
      .where(page)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.limit + 1),
    cappedCount(db, sql`${user}`, where),
  ]).catch(badCursor);
  const toAccount = ({ at: _at, ...r }: (typeof rows)[number]) => ({ ...r, role: toRole(r.role) });
  return { ...keysetPage(rows, query.limit, (r) => [r.at, r._id], toAccount), ...count };
}

/** Accounts read per round trip by GET /users. */
const USERS_BATCH = 1000;

/** Every account with its role, oldest first, in keyset batches on (created_at, id). */
async function* userBatches(db: Db) {
  let after: [string, string] | undefined;
  for (;;) {
    const rows = await db
      .select({ ...userRecordColumns, at: sql<string>`${user.createdAt}::text` })
      .from(user)
      .where(after && sql`(${user.createdAt}, ${user.id}) > (${after[0]}::timestamp, ${after[1]})`)
      .orderBy(asc(user.createdAt), asc(user.id))
      .limit(USERS_BATCH);
    yield rows.map(({ at: _at, ...r }) => ({ ...r, role: toRole(r.role) }));
    if (rows.length < USERS_BATCH) return;
    const last = rows.at(-1)!;
    after = [last.at, last._id];
  }
}

/** SPEC's GET /users: every account with its role, oldest first, a batch at a time. */
export function allUsersJson(db: Db): AsyncGenerator<string> {
  return jsonArray(userBatches(db));
}
