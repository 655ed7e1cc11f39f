import { z } from 'zod';

export const OrderId = z.uuid();

/** Quantity bounds shared by the purchase form and the server. */
export const MAX_ORDER_QUANTITY = 1_000_000;

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
      .regex(/^[+()\d\s.-]{5,30}$/, 'Give a phone number: digits, spaces, + ( ) - .'),
    address: z.string().trim().min(1, 'address is required').max(300, 'At most 300 characters'),
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
});
export type Order = z.infer<typeof Order>;

export const OrderList = z.array(Order);
export type OrderList = z.infer<typeof OrderList>;

export const CancelResult = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type CancelResult = z.infer<typeof CancelResult>;
