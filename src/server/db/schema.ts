import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';

// Money columns are integer cents (DESIGN §4), bigint so that no total overflows 2^31 − 1;
// the API converts at its edge via src/shared/money.ts.

// Accented letters and their plain forms, one for one (translate()); upper case too, since lower()
// leaves non-ASCII letters alone in the C locale.
const ACCENTED =
  'ÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠȘŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšșťțùúûüūůűųýÿźżž';
const PLAIN =
  'AAAAAAAAACCCDEEEEEEEEIIIIIILNNNOOOOOOOORRSSSTTUUUUUUUUYYZZZaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz';

/** Text as the catalogue's search compares it: lower case, accents dropped. */
export const searchable = (text: SQL | string): SQL =>
  sql`lower(translate(${text}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;

/**
 * Text as the catalogue's search splits it into words: searchable(), with a model number's letters
 * and digits apart, so that 'DX-20', 'dx20' and 'dx 20' are all the words dx and 20 (full text
 * reads 'dx-20' as dx and the number -20, and 'dx20' as one word).
 */
export const searchText = (text: SQL | string): SQL =>
  sql`regexp_replace(${searchable(text)}, ${sql.raw(`'([a-z])-?([0-9])'`)}, ${sql.raw(`'\\1 \\2'`)}, 'g')`;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    img: text('img').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    // Deleting a tool archives it, so that past orders keep pointing at a row (DESIGN §5.6).
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    // A slug of CATEGORIES (src/shared/schemas/tool.ts); checked by the API, not here, so that a
    // new category needs no migration.
    category: text('category').notNull().default('other'),
    // The catalogue's search (tools.service.ts, catalogue()): the words of name (weight A) and
    // description (B) in lower case without accents, model numbers split (searchText()), as full text ('simple': no stemming, any
    // language). unaccent() is not immutable, so the letters are mapped by searchable(), and the
    // query's words the same way. Its words are kept in catalogueWords too (migration 0012).
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple'::regconfig, ${searchText(sql`${tools.name}`)}), 'A') || setweight(to_tsvector('simple'::regconfig, ${searchText(sql`${tools.description}`)}), 'B')`,
      ),
    // The name as the catalogue sorts it (sort=name): searchable(), so that 'angle grinder' and
    // 'Érable drill' come before 'Zeta saw' in any collation (C, PGlite's, puts every capital
    // before every small letter, and accented letters after z). Kept, not computed as rows are read:
    // the name sort's indexes are on it (migration 0026).
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => searchable(sql`${tools.name}`)),
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_minimum_order_positive', sql`${t.minimumOrder} >= 1`),
    check('tools_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    index('tools_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    // The catalogue's keyset orders (GET /api/catalogue), over all live tools and within a category.
    index('tools_name_idx')
      .on(t.nameKey, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tools_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tools_category_created_idx')
      .on(t.category, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tools_category_name_idx')
      .on(t.category, t.nameKey, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tools_category_price_idx')
      .on(t.category, t.priceCents, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tools_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.archivedAt} is null`),
    // The overview's low stock: live tools with less than twice their minimum order left, by name.
    index('tools_low_stock_idx')
      .on(t.nameKey, t.id)
      .where(sql`${t.archivedAt} is null and ${t.availableQuantity} < 2 * ${t.minimumOrder}`),
  ],
);

/**
 * Every word of the live and archived tools' searchVector but numbers, kept by triggers on tools
 * (migration 0012): a word of a search with a typo is mapped to the closest of these by trigrams
 * (a few hundred rows), and the tools are then found by full text, instead of comparing trigrams
 * with every tool. A word a tool no longer has stays: it finds no tool.
 */
export const catalogueWords = pgTable(
  'catalogue_words',
  {
    word: text('word').primaryKey(),
    /**
     * A name key (tools.nameKey) at or before the first, in name order, of the tools that have the
     * word (migrations 0021, 0026): a search sorted by name starts its walk there. Only ever
     * lowered, by a new tool or a renamed one; a tool archived or renamed later leaves it earlier
     * than needed, never later.
     */
    firstName: text('first_name'),
  },
  (t) => [index('catalogue_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    // Snapshot of the tool at purchase time: later edits of the tool do not change the order.
    productName: text('product_name').notNull(),
    productPriceCents: bigint('product_price_cents', { mode: 'number' }).notNull(),
    productImg: text('product_img').notNull(),
    quantity: integer('quantity').notNull(),
    paid: boolean('paid').default(false).notNull(),
    shiftNow: boolean('shift_now').default(false).notNull(),
    paymentIntentId: text('payment_intent_id').unique(),
    transactionId: text('transaction_id').unique(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Set when an admin refunds the order; refundId once the gateway has returned the money.
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: text('refund_id'),
    // The reconciliation pass's lease: when this unpaid order's intent was last asked about.
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
    // The paid order's receipt: numbered from one gap-free counter (counters 'receipt'), in markPaid.
    receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    // The end of its hold (decision 014): an unpaid order is cancelled once past it. Set at purchase
    // from ORDER_HOLD_HOURS as it was then, so a later change of the setting moves no placed order.
    payBy: timestamp('pay_by', { withTimezone: true }),
    // Where the order stands (OrderStatus), kept by the database so that the admin's lists filter
    // and page on one index: cancelled and refunded first, as the service has always read them.
    status: text('status')
      .generatedAlwaysAs(
        sql`case when "cancelled_at" is not null then 'cancelled' when "refunded_at" is not null then 'refunded' when "shift_now" then 'shipped' when "paid" then 'paid' else 'unpaid' end`,
      )
      .notNull(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_price_positive', sql`${t.productPriceCents} > 0`),
    // The order's life (DESIGN §4) held by the database too: unpaid → paid → shipped; unpaid → cancelled.
    check('orders_paid_has_transaction', sql`not ${t.paid} or ${t.transactionId} is not null`),
    check('orders_shipped_is_paid', sql`not ${t.shiftNow} or ${t.paid}`),
    check('orders_cancelled_is_unpaid', sql`${t.cancelledAt} is null or not ${t.paid}`),
    // An open order always has a hold end: without one it would hold its stock for ever.
    check('orders_open_has_pay_by', sql`${t.payBy} is not null or ${t.paid} or ${t.cancelledAt} is not null`),
    // paid → refunded, never once shipped, and nothing ships after a refund.
    check(
      'orders_refunded_is_paid_unshipped',
      sql`${t.refundedAt} is null or (${t.paid} and not ${t.shiftNow})`,
    ),
    // One open (unpaid, not cancelled) order per customer and tool: the spec's "already purchase this item".
    uniqueIndex('orders_one_open_per_tool')
      .on(t.userId, t.toolId)
      .where(sql`not ${t.paid} and ${t.cancelledAt} is null`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The 'Verified buyer' check: a paid order of this product by the review's author.
    index('orders_paid_product_idx')
      .on(t.userId, t.productName)
      .where(sql`${t.paid}`),
    // The admin's lists (GET /api/admin/orders): newest first, keyset on (created_at, id), with or
    // without a status; a search's buyers (by email) and products, found in order_buyers and
    // order_products, newest first.
    index('orders_newest_idx').on(t.createdAt, t.id),
    index('orders_status_newest_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_newest_idx').on(t.email, t.createdAt, t.id),
    index('orders_product_newest_idx').on(t.productName, t.createdAt, t.id),
    // The hold-expiry job's scan: unpaid, open orders by the end of their hold.
    index('orders_unpaid_idx')
      .on(t.payBy)
      .where(sql`not ${t.paid} and ${t.cancelledAt} is null`),
    // The reconciliation pass: unpaid open orders that have an intent, least recently checked first.
    index('orders_unpaid_intent_idx')
      .on(t.paymentCheckedAt)
      .where(sql`not ${t.paid} and ${t.cancelledAt} is null and ${t.paymentIntentId} is not null`),
    // Refunds recorded whose money the gateway has not yet confirmed returning.
    index('orders_refund_pending_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null and ${t.refundId} is null`),
  ],
);

/**
 * Every buyer (name and email, as orders name them) and every product name the orders hold, kept by
 * a statement trigger on orders (drizzle/0019_order_search.sql): the admin's order search finds its
 * words in these small tables through trigrams, then the orders by their email or product name.
 * One trigram index over 1,000,000 orders reads the long posting lists of trigrams most rows share
 * ('buy', 'gma', '.co') for a search that names one buyer; a table of buyers holds each once.
 */
export const orderBuyers = pgTable(
  'order_buyers',
  { name: text('name').notNull(), email: text('email').notNull() },
  (t) => [
    primaryKey({ columns: [t.email, t.name] }),
    index('order_buyers_search_idx').using('gin', sql`(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

export const orderProducts = pgTable(
  'order_products',
  { productName: text('product_name').primaryKey() },
  (t) => [index('order_products_search_idx').using('gin', sql`${t.productName} gin_trgm_ops`)],
);

/**
 * The overview's revenue per day: the money of the orders paid that day (UTC), refunds
 * taken back out. Kept by statement triggers on orders (drizzle/0018_revenue_days.sql) in the
 * transaction that writes the orders, whatever the statement (markPaid, a refund, a seed), so that
 * it always equals the sum over orders while the chart reads 30 rows rather than every paid order.
 */
export const revenueDays = pgTable('revenue_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for the demo seed's reviews, which no account wrote.
    userId: text('user_id').references(() => user.id),
    customerName: text('customer_name').notNull(),
    profession: text('profession').notNull(),
    productName: text('product_name').notNull(),
    ratings: integer('ratings').notNull(),
    opinions: text('opinions').notNull(),
    img: text('img').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    // The catalogue's tool that productName names, when it names one.
    toolId: uuid('tool_id').references(() => tools.id),
    // Set when an admin deletes the review: it leaves the carousel, the row stays, so
    // the author still counts it against one review per product and five a day.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    // The product page's reviews.
    index('reviews_tool_idx').on(t.toolId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
    // The carousel's newest and the admin's keyset pages of reviews not deleted.
    index('reviews_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // One review per customer and product, names compared case-insensitively (DESIGN §3b; the API
    // trims them). Also serves the count of a customer's reviews of the day.
    uniqueIndex('reviews_one_per_product').on(t.userId, sql`lower(${t.productName})`),
  ],
);

/** The home page's sign-up box: one row per address, compared in lower case. */
export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** When the address's owner opened the mailed link (decision 032); null: not on the list yet. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * When the last link mailed to confirm stops working: past it, an unconfirmed sign-up is
     * purged (decision 032). On the row, so that a sign-up racing the purge is seen by it.
     */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_signups_email_idx').on(sql`lower(${t.email})`),
    // The CSV export's order, read a page at a time.
    index('newsletter_signups_created_idx').on(t.createdAt, t.id),
    // The purge's scan: unconfirmed sign-ups by the end of their last link.
    index('newsletter_signups_unconfirmed_idx')
      .on(t.tokenExpiresAt)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

/** Every link mailed to confirm a sign-up: each works until it expires, whichever mail is opened. */
export const newsletterLinks = pgTable(
  'newsletter_links',
  {
    /** SHA-256 (hex) of the link's token: the token itself is only in the mail. */
    tokenHash: text('token_hash').primaryKey(),
    signupId: uuid('signup_id')
      .notNull()
      .references(() => newsletterSignups.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The purge's expired links, and a sign-up's links when it is deleted.
  (t) => [
    index('newsletter_links_expires_idx').on(t.expiresAt),
    index('newsletter_links_signup_idx').on(t.signupId),
  ],
);

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  education: text('education'),
  profession: text('profession'),
  linkedIn: text('linked_in'),
  address: text('address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Payment intents of the sandbox gateway (DESIGN §4), kept in the database so that any instance
 * can confirm or check one. The Stripe gateway keeps its intents at Stripe.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    refundId: text('refund_id').unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_intent_status', sql`${t.status} in ('requires_payment_method', 'succeeded', 'canceled')`),
    check('sandbox_intent_refund_succeeded', sql`${t.refundId} is null or ${t.status} = 'succeeded'`),
    check('sandbox_intent_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every admin action (ship, add, delete, promote): who, what, when. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null when the store acted on its own (a payment refunded because its order was closed).
    actorId: text('actor_id').references(() => user.id),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * Numbers that must have no gaps (receipts): one row per sequence, taken by an UPDATE in the
 * transaction that uses the number, so a rolled back transaction gives it back. A PostgreSQL
 * SEQUENCE would leave gaps.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * Secrets the store makes for itself, one per name: the session and link signing secret of a store
 * started without AUTH_SECRET (decision 027). In the database, so every instance and every restart
 * signs with the same one, and no one who has only read the source can forge a link.
 */
export const storeSecrets = pgTable('store_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Mail to send (DESIGN §3b): written in the same transaction as the change it tells of, sent by
 * the worker of any instance (features/mail/outbox-worker.ts). `data` holds the facts the message is
 * written from; subject, text and html are what was sent, once sent. next_attempt_at is both the
 * backoff after a failure and the lease of the sender that has claimed the row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    // Stable across retries, so that a mail sent twice (an answer lost) is recognisable as one.
    messageId: text('message_id')
      .notNull()
      .default(sql`'<' || gen_random_uuid()::text || '@torque>'`),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    // The worker's claim: unsent mail by when it is due.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
