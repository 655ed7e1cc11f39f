import { z } from 'zod';

/** GET /api/receipt/{orderId}: a paid order's receipt, as the printable page shows it. */
export const Receipt = z.object({
  /** "R-000042": numbered without gaps, in the order of payments. */
  receiptNumber: z.string(),
  orderId: z.string(),
  /** When the payment was recorded (ISO 8601). */
  date: z.string(),
  seller: z.object({ name: z.string(), address: z.array(z.string()), email: z.string() }),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  item: z.string(),
  quantity: z.number().int(),
  /** Dollars, as every price of the API. */
  unitPrice: z.number(),
  total: z.number(),
  transactionId: z.string(),
  /** A refunded order keeps its receipt; the page says it was refunded. */
  refunded: z.boolean(),
});
export type Receipt = z.infer<typeof Receipt>;
