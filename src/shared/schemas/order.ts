import { z } from 'zod';
import { isPlainText, NOT_PLAIN_TEXT, SearchQuery } from './text.ts';
import { ToolList } from './tool.ts';

export const OrderId = z.uuid();

/**
 * The most one order may ask for, whatever the stock: PurchaseInput's bound, checked by the server
 * (the purchase form is held to the tool's stock by its quantity rules).
 */
const MAX_ORDER_QUANTITY = 1_000_000;

/** SPEC §5's words for a quantity below the tool's minimum order, in the form and from the server. */
export const MINIMUM_QUANTITY_MESSAGE = 'This is minimum Quantity';

/** DESIGN §5.1: the upper bound's message names the tool's real stock, not the 110 SPEC names. */
export function availableQuantityMessage(availableQuantity: number): string {
  return `Our available quantity is ${availableQuantity}`;
}

/**
 * POST /purchase (SPEC §7). name, email and the product snapshot are taken from the session and the
 * database: the client may send them, as the spec's client does, but they are ignored.
 */
export const PurchaseInput = z
  .object({
    toolsId: z.string().min(1, 'Choose a tool'),
    phone: z
      .string()
      .trim()
      .min(1, 'Phone number is required')
      .max(30, 'At most 30 characters')
      .regex(/^[+()\d\s.-]{5,30}$/, 'Give a phone number: digits, spaces, + ( ) - .')
      .refine((s) => (s.match(/\d/g)?.length ?? 0) >= 5, 'Give a phone number of at least 5 digits'),
    address: z
      .string()
      .trim()
      .min(1, 'address is required')
      .max(300, 'At most 300 characters')
      .refine(isPlainText, NOT_PLAIN_TEXT),
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_ORDER_QUANTITY, 'Quantity is too large'),
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    productName: z.string().max(300).optional(),
    productPrice: z.number().optional(),
    productImg: z.string().max(2000).optional(),
  })
  .strict();
export type PurchaseInput = z.infer<typeof PurchaseInput>;

export const PurchaseResult = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string().optional(),
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;

/** Where an order stands: unpaid → paid → shipped; unpaid → cancelled; paid → refunded. */
export const OrderStatus = z.enum(['unpaid', 'paid', 'shipped', 'cancelled', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** An order as the API shows it (SPEC §3); prices in dollars. */
export const Order = z.object({
  _id: OrderId,
  toolsId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  productName: z.string(),
  productPrice: z.number(),
  productImg: z.string(),
  quantity: z.number().int(),
  totalPrice: z.number(),
  paid: z.boolean(),
  shiftNow: z.boolean(),
  transactionId: z.string().nullable(),
  status: OrderStatus,
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Until when an unpaid order holds its stock (createdAt + ORDER_HOLD_HOURS as it was when placed):
   * not paid by then, the store cancels it. null for any other status. The customer's answers carry it; the admin lists do not.
   */
  payBy: z.iso.datetime().nullable().optional(),
});
export type Order = z.infer<typeof Order>;

export const OrderList = z.array(Order);
export type OrderList = z.infer<typeof OrderList>;

export const CancelResult = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type CancelResult = z.infer<typeof CancelResult>;

/** A keyset cursor as the admin lists give it: opaque to the caller. */
const AdminCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a cursor this list gave')
  .optional();

const AdminLimit = z.coerce
  .number({ error: 'A whole number from 1 to 100' })
  .int('A whole number from 1 to 100')
  .min(1, 'A whole number from 1 to 100')
  .max(100, 'A whole number from 1 to 100')
  .default(25);

/**
 * Past this many matches an admin list's total says "more than" (decision 017): counting costs
 * reading every match, and 1,000 of a common search cost 40-70 ms on 1,000,000 orders.
 */
export const ADMIN_TOTAL_CAP = 100;

/** GET /api/admin/orders (DESIGN §3b): `q` matches buyer name, email and product. */
export const AdminOrdersQuery = z
  .object({
    q: SearchQuery.optional(),
    status: z.enum(OrderStatus.options, { error: `One of ${OrderStatus.options.join(', ')}` }).optional(),
    cursor: AdminCursor,
    limit: AdminLimit,
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** GET /api/admin/orders.csv: the same filter, every matching order. */
export const AdminOrdersCsvQuery = AdminOrdersQuery.pick({ q: true, status: true }).strict();
export type AdminOrdersCsvQuery = z.infer<typeof AdminOrdersCsvQuery>;

/** A page of an admin list; `totalCapped`: there are more than `total` (ADMIN_TOTAL_CAP) matches. */
export const AdminOrdersPage = z.object({
  items: OrderList,
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPage>;

/** GET /api/admin/overview: money taken per day (UTC, cents, oldest first), what waits, what runs low. */
export const AdminOverview = z.object({
  revenueByDay: z.array(z.object({ day: z.string(), cents: z.number().int() })),
  ordersToShip: z.number().int(),
  unpaidOrders: z.number().int(),
  lowStock: ToolList,
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export { AdminCursor, AdminLimit };
