import { z } from 'zod';
import { MAX_ORDER_TOTAL_CENTS, orderTotalCents, toCents } from '#shared/money.ts';
import { AdminCursor, AdminLimit } from './order.ts';
import { CategorySlug } from './tool.ts';
import { isPlainText, NOT_PLAIN_TEXT, SearchQuery } from './text.ts';

/** A tool's fields, each by its own rule. */
const ToolFields = z
  .object({
    // One line, shown in lists, receipts and mails: no control character at all (a tab, a bell).
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(120, 'At most 120 characters')
      .refine((s) => !/\p{Cc}/u.test(s), 'May not contain control characters or line breaks'),
    minimumOrder: z
      .number({ error: 'Give a whole number of at least 1' })
      .int('Give a whole number of at least 1')
      .min(1, 'Give a whole number of at least 1')
      .max(1_000_000, 'Too large'),
    availableQuantity: z
      .number({ error: 'Give a whole number of 0 or more' })
      .int('Give a whole number of 0 or more')
      .min(0, 'Give a whole number of 0 or more')
      .max(100_000_000, 'Too large'),
    price: z
      .number({ error: 'Give a price in dollars' })
      .min(0.01, 'The price must be at least $0.01')
      .max(1_000_000, 'Too large')
      // Exactly a number of cents: 19.999999999 would be stored as $20.00. Every price of 2 decimals
      // up to the maximum comes back from its cents as the very same number.
      .refine((p) => toCents(p) / 100 === p, 'At most 2 decimals'),
    img: z
      .string()
      .trim()
      .min(1, 'Image URL is required')
      .max(2000, 'At most 2000 characters')
      .refine(
        (s) => /^https?:\/\/[^\s]+$/i.test(s) || /^\/(?!\/)[^\s]*$/.test(s),
        'Give an http(s) URL or a path starting with /',
      ),
    // Paragraphs and tabs may stay; other control characters (a bell, an escape) may not.
    description: z
      .string()
      .trim()
      .min(1, 'Description is required')
      .max(2000, 'At most 2000 characters')
      .refine(isPlainText, NOT_PLAIN_TEXT),
    // Optional for SPEC's clients, which send none.
    category: CategorySlug.default('other'),
  })
  .strict();

/** A minimum order at this price costs more than one order may total: nobody could buy the tool. */
export const tooDearToOrder = (priceCents: number, minimumOrder: number) =>
  orderTotalCents(priceCents, minimumOrder) > MAX_ORDER_TOTAL_CENTS;
export const TOO_DEAR_TO_ORDER =
  'The minimum order would total more than $999,999.99, the most one order may';

/** POST /addTool. SPEC has no validation here; the server validates anyway. */
export const AddToolInput = ToolFields.refine(
  (tool) => !tooDearToOrder(toCents(tool.price), tool.minimumOrder),
  { path: ['price'], message: TOO_DEAR_TO_ORDER },
);
export type AddToolInput = z.infer<typeof AddToolInput>;

/**
 * PATCH /api/tool/{id} (DESIGN §3b): any of addTool's fields, by the same rules; what is left out
 * stays as it is (the category too: no default here).
 */
export const EditToolInput = ToolFields.omit({ category: true })
  .partial()
  .extend({ category: CategorySlug.optional() })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Change at least one field');
export type EditToolInput = z.infer<typeof EditToolInput>;

export const InsertResult = z.object({ acknowledged: z.boolean(), insertedId: z.string().optional() });
export type InsertResult = z.infer<typeof InsertResult>;

export const ShiftNowInput = z.object({ shiftNow: z.literal(true) }).strict();

export const ShiftNowResult = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export type ShiftNowResult = z.infer<typeof ShiftNowResult>;

/** GET /users (SPEC §3 user record). */
export const UserRecord = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'user']),
  /** Whether the owner followed the mailed confirmation link: Make Admin waits for it (409). */
  emailVerified: z.boolean(),
});
export const UserList = z.array(UserRecord);
export type UserList = z.infer<typeof UserList>;
export type UserRecord = z.infer<typeof UserRecord>;

export const MakeAdminResult = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export type MakeAdminResult = z.infer<typeof MakeAdminResult>;

export const DeleteResult = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/** GET /audit (the newest 200) and GET /api/admin/audit (every one, a page at a time): an admin action. */
export const AuditEntry = z.object({
  _id: z.string(),
  actorEmail: z.string(),
  action: z.enum([
    'order.ship',
    'order.refund',
    'payment.refund',
    'tool.add',
    'tool.edit',
    'tool.delete',
    'review.delete',
    'user.promote',
  ]),
  target: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export const AuditList = z.array(AuditEntry);
export type AuditList = z.infer<typeof AuditList>;
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/admin/audit: the admin actions, newest first, a keyset page at a time. */
export const AdminAuditQuery = z.object({ cursor: AdminCursor, limit: AdminLimit }).strict();
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

export const AdminAuditPage = z.object({
  items: AuditList,
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPage>;

/** GET /api/admin/users (DESIGN §3b): `q` matches name and email; newest first. */
export const AdminUsersQuery = z
  .object({
    q: SearchQuery.optional(),
    cursor: AdminCursor,
    limit: AdminLimit,
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUsersPage = z.object({
  items: UserList,
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;
