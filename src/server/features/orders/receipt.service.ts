import { and, eq, isNull } from 'drizzle-orm';
import { orderTotalCents, toDollars } from '#shared/money.ts';
import type { Receipt } from '#shared/schemas/receipt.ts';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { NotFound } from '#server/domain-errors.ts';
import { receiptLabel } from '#server/features/mail/mail-templates.ts';

/** The seller on every receipt: the manufacturer, at the address the footer gives. */
export const SELLER = {
  name: 'Torque Power Tools Inc.',
  address: ['1200 Foundry Road', 'Dayton, OH 45402', 'United States'],
  email: 'sales@torque-tools.example',
} as const;

/**
 * The receipt of a paid order, for its owner or an admin. Anyone else, and an order not paid (no
 * receipt yet), gets the same 404 as an unknown order.
 */
export async function getReceiptFor(
  db: Db,
  id: string,
  caller: { id: string; admin: boolean },
): Promise<Receipt> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.cancelledAt)));
  if (!row || (row.userId !== caller.id && !caller.admin)) throw new NotFound('No such order.');
  if (!row.paid || row.receiptNumber === null || !row.transactionId) {
    throw new NotFound('This order has no receipt until it is paid.');
  }
  return {
    receiptNumber: receiptLabel(row.receiptNumber),
    orderId: row.id,
    date: (row.paidAt ?? row.createdAt).toISOString(),
    seller: { name: SELLER.name, address: [...SELLER.address], email: SELLER.email },
    buyer: { name: row.name, email: row.email, phone: row.phone, address: row.address },
    item: row.productName,
    quantity: row.quantity,
    unitPrice: toDollars(row.productPriceCents),
    total: toDollars(orderTotalCents(row.productPriceCents, row.quantity)),
    transactionId: row.transactionId,
    refunded: row.refundedAt !== null,
  };
}
