import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { AdminUsersPage, AdminUsersQuery } from '#shared/schemas/admin.ts';
import { user } from '#server/db/auth-schema.ts';
import type { Db } from '#server/db/client.ts';
import { toRole, userRecordColumns } from './accounts.service.ts';
import { badCursor, cappedCount, containing, decodeCursor, keysetPage } from '#server/db/keyset.ts';

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
