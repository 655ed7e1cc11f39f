import { and, eq, getTableColumns, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  ADMIN_TOTAL_CAP,
  type AdminOrdersCsvQuery,
  type AdminOverview,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type Order,
} from '#shared/schemas/order.ts';
import { type Db, runPrepared } from '#server/db/client.ts';
import { badCursor, cappedTotal, containing, decodeCursor, keysetPage, UUID } from '#server/db/keyset.ts';
import { orderBuyers, orderProducts, orders, revenueDays } from '#server/db/schema.ts';
import { lowStockTools } from '#server/features/tools/tools.service.ts';
import { csvHeader, csvLine } from '#server/http/csv.ts';
import { jsonArray } from '#server/http/json-array.ts';
import { type OrderRow, toOrder } from './orders.service.ts';

/** Buyers, or products, a search may name and still be read by their email or product name. */
const NAMED_AT_MOST = 200;

/**
 * Searches known to name more than NAMED_AT_MOST buyers or products (ILIKE patterns), the oldest
 * forgotten past 1,000. Buyers and products never leave order_buyers and order_products, so such a
 * search always will: it reads the orders newest first without looking them up again.
 */
const commonSearches = new Set<string>();

function rememberCommon(pattern: string) {
  commonSearches.add(pattern);
  if (commonSearches.size > 1000) commonSearches.delete(commonSearches.values().next().value!);
}

/**
 * The orders a search names by a reference a customer quotes: its order number, whole or its first
 * six or more digits ('#0c1ce70f', as mails and the audit log show it), its receipt number
 * ('R-000042') or its transaction id ('pi_…'). Each is read by its unique index.
 */
function orderReference(q: string): SQL | undefined {
  const receipt = /^r-?0*(\d{1,15})$/i.exec(q);
  if (receipt) return eq(orders.receiptNumber, Number(receipt[1]));
  if (/^pi_[\w-]+$/.test(q)) return eq(orders.transactionId, q);
  const digits = q.replace(/^#/, '').replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{6,32}$/.test(digits)) return undefined;
  const uuid = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return sql`${orders.id} between ${uuid(digits.padEnd(32, '0'))}::uuid and ${uuid(digits.padEnd(32, 'f'))}::uuid`;
}

/**
 * Which orders a filter names. Without a status, every order but the cancelled ones (as SPEC's
 * GET /allOrders lists them). `q` matches the buyer (name and email) or the product, in any case,
 * or is the order's reference (orderReference()).
 * Its buyers and products are looked up first in order_buyers and order_products (one row each,
 * trigram indexes); when they are few the orders are read by their email and product name, and
 * when they are many (a surname, a domain) newest first with the words checked on each, since a
 * page's worth of matches then comes soon.
 */
async function orderFilter(db: Db, { q, status }: AdminOrdersCsvQuery): Promise<SQL> {
  const filters: SQL[] = [status ? eq(orders.status, status) : ne(orders.status, 'cancelled')];
  if (q) {
    const pattern = containing(q);
    const reference = orderReference(q);
    const matches = sql`((${orders.name} || ' ' || ${orders.email}) ilike ${pattern} or ${orders.productName} ilike ${pattern})`;
    if (commonSearches.has(pattern)) return and(...filters, or(reference, matches))!;
    // Unnamed, planned for its words: a generic plan reads every buyer rather than the trigrams.
    const [named] = await runPrepared<{ emails: string[]; products: string[] }>(
      db,
      null,
      sql`select
        array(select ${orderBuyers.email} from ${orderBuyers}
          where (${orderBuyers.name} || ' ' || ${orderBuyers.email}) ilike ${pattern} limit ${NAMED_AT_MOST + 1}) as emails,
        array(select ${orderProducts.productName} from ${orderProducts}
          where ${orderProducts.productName} ilike ${pattern} limit ${NAMED_AT_MOST + 1}) as products`,
    );
    const { emails, products } = named!;
    if (emails.length + products.length === 0) return reference ? and(...filters, reference)! : sql`false`;
    if (emails.length > NAMED_AT_MOST || products.length > NAMED_AT_MOST) {
      rememberCommon(pattern);
      filters.push(or(reference, matches)!);
    } else {
      const byBuyerOrProduct = and(
        matches,
        or(
          // A buyer who ordered under two names is there twice.
          emails.length ? inArray(orders.email, [...new Set(emails)]) : undefined,
          products.length ? inArray(orders.productName, products) : undefined,
        ),
      );
      filters.push(or(reference, byBuyerOrProduct)!);
    }
  }
  return and(...filters)!;
}

/**
 * Every column of an order, named as OrderRow names it and read as the driver reads it (the two
 * bigints as numbers), written out once: the admin's pages run as SQL through runPrepared, without
 * drizzle's per-request query builder and row mapping (most of a page's CPU in the store, profiled).
 */
const ORDER_COLUMNS = sql.raw(
  new PgDialect().sqlToQuery(
    sql.join(
      Object.entries(getTableColumns(orders)).map(([key, column]) =>
        column.getSQLType() === 'bigint'
          ? sql`${column}::float8 as ${sql.identifier(key)}`
          : sql`${column} as ${sql.identifier(key)}`,
      ),
      sql`, `,
    ),
  ).sql,
);

/** An order as a page reads it, with its created_at as the database writes it (the cursor's). */
type PageRow = OrderRow & { at: string };

/**
 * A page's statement, named (on PostgreSQL parsed and planned once per connection) by its shape;
 * a search goes unnamed, planned for its words each time (a generic plan cannot tell a rare word
 * from a common one).
 */
const pageRows = <Row = PageRow>(db: Db, shape: string, { q, status }: AdminOrdersCsvQuery, query: SQL) =>
  runPrepared<Row>(db, q ? null : `admin_orders_${shape}_${status ? 'status' : 'all'}`, query);

/** Rows after `cursor`, newest first; `limit` + 1 read, to know whether more follow. */
function ordersAfter(
  db: Db,
  filter: AdminOrdersCsvQuery,
  where: SQL,
  cursor: [string, string] | undefined,
  limit: number,
) {
  const page = cursor
    ? sql`${where} and (${orders.createdAt}, ${orders.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`
    : where;
  return pageRows(
    db,
    cursor ? 'after' : 'from_start',
    filter,
    sql`select ${ORDER_COLUMNS}, ${orders.createdAt}::text as at from ${orders} where ${page}
      order by ${orders.createdAt} desc, ${orders.id} desc limit ${limit + 1}`,
  );
}

/**
 * A first page and how many orders match, in one statement: the newest ADMIN_TOTAL_CAP + 1 matches,
 * counted, of which the first `limit` + 1 come back. One pass over the index that serves the filter
 * (a search's orders are read once, not once for the page and again for the count).
 */
async function firstPage(db: Db, filter: AdminOrdersCsvQuery, where: SQL, limit: number) {
  const found = await pageRows<PageRow & { n: number }>(
    db,
    'first',
    filter,
    sql`select *, (count(*) over ())::int as n from (
      select ${ORDER_COLUMNS}, ${orders.createdAt}::text as at from ${orders}
      where ${where}
      order by ${orders.createdAt} desc, ${orders.id} desc limit ${ADMIN_TOTAL_CAP + 1}
    ) newest order by "createdAt" desc, id desc limit ${limit + 1}`,
  );
  return { rows: found, count: cappedTotal(Number(found[0]?.n ?? 0)) };
}

/**
 * A page after a cursor and how many orders match, in one statement (one round trip, one pool
 * connection): the count of up to ADMIN_TOTAL_CAP + 1 matches, beside the next `limit` + 1 rows
 * after the cursor. A cursor past the last order gives the count alone (one row, its page's columns
 * null).
 */
async function pageAfter(
  db: Db,
  filter: AdminOrdersCsvQuery,
  where: SQL,
  cursor: [string, string],
  limit: number,
) {
  const found = await pageRows<(PageRow & { n: number }) | { id: null; n: number }>(
    db,
    'page_after',
    filter,
    sql`select page.*, counted.n from (
      select count(*)::int as n from (select 1 from ${orders} where ${where} limit ${ADMIN_TOTAL_CAP + 1}) matches
    ) counted left join lateral (
      select ${ORDER_COLUMNS}, ${orders.createdAt}::text as at from ${orders}
      where ${where} and (${orders.createdAt}, ${orders.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)
      order by ${orders.createdAt} desc, ${orders.id} desc limit ${limit + 1}
    ) page on true
    order by page."createdAt" desc, page.id desc`,
  ).catch(badCursor);
  return {
    rows: found.filter((row): row is PageRow & { n: number } => row.id !== null),
    count: cappedTotal(Number(found[0]?.n ?? 0)),
  };
}

/** One page of GET /api/admin/orders: newest first, keyset on (created_at, id), with its count. */
export async function listOrdersPage(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, { id: UUID }) : undefined;
  const where = await orderFilter(db, query);
  const { rows, count } = cursor
    ? await pageAfter(db, query, where, cursor, query.limit)
    : await firstPage(db, query, where, query.limit);
  return { ...keysetPage(rows, query.limit, (r) => [r.at, r.id], toOrder), ...count };
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
const EXPORT_BATCH = 1000;

/**
 * Every order the filter names, newest first, read in keyset batches (one statement each, no
 * transaction or server cursor held open between them), so that an export of any size holds one
 * batch at a time and works the same on PGlite and PostgreSQL.
 */
async function* orderBatches(db: Db, query: AdminOrdersCsvQuery): AsyncGenerator<Order[]> {
  const where = await orderFilter(db, query);
  let cursor: [string, string] | undefined;
  for (;;) {
    const rows = await ordersAfter(db, query, where, cursor, EXPORT_BATCH - 1);
    if (rows.length === 0) return;
    yield rows.map(toOrder);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1)!;
    cursor = [last.at, last.id];
  }
}

/** GET /api/admin/orders.csv: the header, then every order the filter names, newest first. */
export async function* ordersCsv(db: Db, query: AdminOrdersCsvQuery): AsyncGenerator<string> {
  yield csvHeader([...ORDER_CSV_HEADER]);
  for await (const batch of orderBatches(db, query)) yield batch.map(orderCsvLine).join('');
}

/** SPEC's GET /allOrders: every live order, newest first, a batch at a time. */
export function allOrdersJson(db: Db): AsyncGenerator<string> {
  return jsonArray(orderBatches(db, {}));
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
