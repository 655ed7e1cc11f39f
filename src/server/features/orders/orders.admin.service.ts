import { and, desc, eq, getTableColumns, gte, ne, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_TOTAL_CAP,
  type AdminOrdersCsvQuery,
  type AdminOverview,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type Order,
} from '#shared/schemas/order.ts';
import type { Db } from '#server/db/client.ts';
import {
  badCursor,
  cappedCount,
  cappedTotal,
  containing,
  decodeCursor,
  encodeCursor,
} from '#server/db/keyset.ts';
import { orders, revenueDays } from '#server/db/schema.ts';
import { Invalid } from '#server/domain-errors.ts';
import { lowStockTools } from '#server/features/tools/tools.service.ts';
import { csvLine } from '#server/http/csv.ts';
import { toOrder } from './orders.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which orders a filter names. Without a status, every order but the cancelled ones (as SPEC's
 * GET /allOrders lists them); `q` matches the buyer's name or email or the product, in any case,
 * through the trigram index over those three.
 */
function orderFilter({ q, status }: AdminOrdersCsvQuery): SQL {
  const filters: SQL[] = [status ? eq(orders.status, status) : ne(orders.status, 'cancelled')];
  if (q) {
    filters.push(
      sql`(${orders.name} || ' ' || ${orders.email} || ' ' || ${orders.productName}) ilike ${containing(q)}`,
    );
  }
  return and(...filters)!;
}

/** Rows after `cursor`, newest first; `limit` + 1 read, to know whether more follow. */
async function ordersAfter(db: Db, where: SQL, cursor: [string, string] | undefined, limit: number) {
  const page = cursor
    ? and(where, sql`(${orders.createdAt}, ${orders.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`)
    : where;
  return db
    .select({ row: orders, at: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(page)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

/**
 * A first page and how many orders match, in one statement: the newest ADMIN_TOTAL_CAP + 1 matches,
 * counted, of which the first `limit` + 1 come back. One pass over the index that serves the filter
 * (a search's trigram index is read once, not once for the page and again for the count).
 */
async function firstPage(db: Db, where: SQL, limit: number) {
  const newest = db
    .select({ ...getTableColumns(orders), at: sql<string>`${orders.createdAt}::text`.as('at') })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_TOTAL_CAP + 1)
    .as('newest');
  const found = await db
    .select({ ...newest._.selectedFields, n: sql<number>`(count(*) over ())::int` })
    .from(newest)
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(limit + 1);
  const rows = found.map(({ at, n: _n, ...row }) => ({ row, at }));
  return { rows, count: cappedTotal(Number(found[0]?.n ?? 0)) };
}

/**
 * One page of GET /api/admin/orders: newest first, keyset on (created_at, id). A page after a cursor
 * counts the filter's matches beside it (up to the cap).
 */
export async function listOrdersPage(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const where = orderFilter(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && !UUID.test(cursor[1])) throw new Invalid({ cursor: 'Not a cursor this list gave' });
  const { rows, count } = cursor
    ? await Promise.all([ordersAfter(db, where, cursor, query.limit), cappedCount(db, sql`${orders}`, where)])
        .then(([rows, count]) => ({ rows, count }))
        .catch(badCursor)
    : await firstPage(db, where, query.limit);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => toOrder(r.row)),
    nextCursor: more && last ? encodeCursor(last.at, last.row.id) : null,
    ...count,
  };
}

/** The CSV's columns, in order. */
export const ORDER_CSV_HEADER = [
  'Order Id',
  'Created',
  'Buyer Name',
  'Email',
  'Phone',
  'Address',
  'Product Name',
  'Unit Price',
  'Quantity',
  'Total',
  'Status',
  'Transaction Id',
] as const;

function orderCsvLine(o: Order): string {
  return csvLine([
    o._id,
    o.createdAt,
    o.name,
    o.email,
    o.phone,
    o.address,
    o.productName,
    o.productPrice.toFixed(2),
    o.quantity,
    o.totalPrice.toFixed(2),
    o.status,
    o.transactionId,
  ]);
}

/** Rows read per round trip while exporting: memory stays that of one batch, whatever the total. */
const CSV_BATCH = 1000;

/**
 * GET /api/admin/orders.csv: the header, then every order the filter names, newest first, read
 * in keyset batches (one statement each, no transaction or server cursor held open between them),
 * so an export of any size holds one batch at a time and works the same on PGlite and PostgreSQL.
 */
export async function* ordersCsv(db: Db, query: AdminOrdersCsvQuery): AsyncGenerator<string> {
  yield csvLine([...ORDER_CSV_HEADER]);
  const where = orderFilter(query);
  let cursor: [string, string] | undefined;
  for (;;) {
    const rows = await ordersAfter(db, where, cursor, CSV_BATCH - 1);
    if (rows.length === 0) return;
    yield rows.map((r) => orderCsvLine(toOrder(r.row))).join('');
    if (rows.length < CSV_BATCH) return;
    const last = rows.at(-1)!;
    cursor = [last.at, last.row.id];
  }
}

/** Days in the overview's revenue chart, today (UTC) the last. */
export const REVENUE_DAYS = 30;

/**
 * GET /api/admin/overview: the money taken per day (UTC) over the last 30 days, by the day each
 * order was paid (refunded orders left out: that money went back), read from the per-day totals the
 * database keeps as orders are written (revenue_days); how many paid orders wait to ship and how
 * many are unpaid; the live tools low on stock.
 */
export async function overview(db: Db, now = new Date()): Promise<AdminOverview> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (REVENUE_DAYS - 1) * 86_400_000);
  const [revenue, counts, lowStock] = await Promise.all([
    db
      .select({ day: revenueDays.day, cents: revenueDays.cents })
      .from(revenueDays)
      .where(gte(revenueDays.day, first.toISOString().slice(0, 10))),
    db
      .select({
        ordersToShip: sql<number>`(select count(*)::int from ${orders} where ${orders.status} = 'paid')`,
        unpaidOrders: sql<number>`(select count(*)::int from ${orders} where ${orders.status} = 'unpaid')`,
      })
      .from(sql`(select 1) one`),
    lowStockTools(db),
  ]);
  const byDay = new Map(revenue.map((r) => [r.day, Number(r.cents)]));
  const revenueByDay = Array.from({ length: REVENUE_DAYS }, (_, i) => {
    const day = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, cents: byDay.get(day) ?? 0 };
  });
  return {
    revenueByDay,
    ordersToShip: Number(counts[0]?.ordersToShip ?? 0),
    unpaidOrders: Number(counts[0]?.unpaidOrders ?? 0),
    lowStock,
  };
}
