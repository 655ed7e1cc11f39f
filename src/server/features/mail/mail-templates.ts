import { type SQL, sql } from 'drizzle-orm';
import { formatDollars, orderTotalCents, toDollars } from '#shared/money.ts';

// The store's mails (DESIGN §3b), as text and as HTML in the store's colours (inline styles: mail
// readers drop style sheets). No remote images: nothing in a message calls home when it is opened.

/** What each kind of mail is written from; stored with the outbox row, rendered when it is sent. */
export interface MailData {
  /**
   * `holdHours`: the order's hold (pay_by − created_at), as placed. Absent from mails written before
   * orders kept their hold (migration 0030, e.g. by an older instance during an upgrade).
   */
  order_placed: OrderFacts & { holdHours?: number };
  payment_receipt: OrderFacts & { transactionId: string; receiptNumber: number; paidAt: string };
  new_paid_order: OrderFacts & { email: string; transactionId: string; receiptNumber: number };
  order_shipped: OrderFacts;
  order_refunded: OrderFacts & { transactionId: string | null };
  order_expired: OrderFacts & { toolId: string; holdHours?: number };
  /** The buyer cancelled it themselves. */
  order_cancelled: OrderFacts & { toolId: string };
  password_reset: { name: string; url: string };
  admin_password: { name: string; url: string };
  email_verification: { name: string; url: string };
  /** `changedAt`: an ISO time, said in UTC. */
  password_changed: { name: string; changedAt: string };
  /** The newsletter's double opt-in (decision 032): `url` confirms the sign-up. */
  newsletter_confirm: { name: string; url: string };
}
export type MailKind = keyof MailData;

interface OrderFacts {
  orderId: string;
  /** The buyer's name as the order holds it. */
  name: string;
  productName: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** An order's facts as its mails show them, from its row (a snapshot taken at purchase). */
export function orderFacts(row: {
  id: string;
  name: string;
  productName: string;
  quantity: number;
  productPriceCents: number;
}): OrderFacts {
  return {
    orderId: row.id,
    name: row.name,
    productName: row.productName,
    quantity: row.quantity,
    unitCents: row.productPriceCents,
    totalCents: orderTotalCents(row.productPriceCents, row.quantity),
  };
}

/**
 * orderFacts() in SQL, for the statements that write an order's mail with the order itself: the
 * facts of `from`, a relation with the columns of orders (a CTE's alias). Keep the two alike
 * (order-facts.test.ts compares them).
 */
export function orderFactsJson(from: string): SQL {
  const r = sql.identifier(from);
  return sql`jsonb_build_object('orderId', ${r}.id, 'name', ${r}.name, 'productName', ${r}.product_name,
    'quantity', ${r}.quantity, 'unitCents', ${r}.product_price_cents,
    'totalCents', ${r}.product_price_cents * ${r}.quantity)`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Receipts are numbered R-000001, R-000002 … from one gap-free counter. */
export const receiptLabel = (n: number) => `R-${String(n).padStart(6, '0')}`;

const money = (cents: number) => formatDollars(toDollars(cents));

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Body {
  subject: string;
  greeting: string;
  /** Paragraphs before the table. */
  lines: string[];
  /** Label and value rows: the order's facts. */
  rows?: [string, string][];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: string[];
}

function compose(b: Body): RenderedMail {
  const text = [
    b.greeting,
    '',
    ...b.lines.flatMap((l) => [l, '']),
    ...(b.rows ? [...b.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(b.action ? [`${b.action.label}: ${b.action.url}`, ''] : []),
    ...(b.after ?? []).flatMap((l) => [l, '']),
    '— Torque',
    '',
  ].join('\n');
  const p = (l: string) => `<p style="margin:0 0 16px">${escape(l)}</p>`;
  const rows = b.rows
    ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${b.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;color:#475569">${escape(k)}</td>` +
            `<td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;font-weight:600;overflow-wrap:anywhere;word-break:break-word">${escape(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = b.action
    ? `<p style="margin:0 0 16px"><a href="${escape(b.action.url)}" style="display:inline-block;background:#f97316;color:#111827;padding:10px 18px;border-radius:6px;font-weight:700;text-decoration:none">${escape(b.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#475569;overflow-wrap:anywhere;word-break:break-all">${escape(b.action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    // Phones' mail readers lay the message out at their own width, not a desktop page's.
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(b.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px">` +
    `<div style="background:#0f172a;color:#f1f5f9;padding:16px 24px;border-radius:8px 8px 0 0;font-size:22px;font-weight:700">Torque</div>` +
    `<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px;line-height:1.5">` +
    p(b.greeting) +
    b.lines.map(p).join('') +
    rows +
    action +
    (b.after ?? []).map(p).join('') +
    `</div><p style="font-size:12px;color:#475569;text-align:center">Torque power tools</p></div></body></html>`;
  return { subject: b.subject, text, html };
}

const orderRows = (d: OrderFacts): [string, string][] => [
  ['Item', d.productName],
  ['Quantity', String(d.quantity)],
  ['Unit price', money(d.unitCents)],
  ['Total', money(d.totalCents)],
];

/** One moment, whatever the reader's zone: said in UTC, and so labelled. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** How long an unpaid order is held, in words: 2 → '2 hours', 0.5 → '30 minutes'. */
export function holdInWords(hours: number): string {
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`;
  const minutes = Math.round(hours * 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A hold a mail can word: a mail's data without one (or a broken one) says no number. */
const isHold = (hours: unknown): hours is number =>
  typeof hours === 'number' && Number.isFinite(hours) && hours > 0;

/** What a mail says of the store itself: its address (links are made absolute on it). */
export interface StoreFacts {
  publicUrl: string;
}

/** Each kind's mail, typed by its facts: a new MailKind without a template does not compile. */
const TEMPLATES: { [K in MailKind]: (data: MailData[K], store: StoreFacts) => Body } = {
  order_placed: (o, store) => ({
    subject: `Your Torque order: ${o.quantity} × ${o.productName}`,
    greeting: `Hello ${o.name},`,
    lines: [
      `Thank you for your order. We hold the items for you for ${isHold(o.holdHours) ? holdInWords(o.holdHours) : 'a limited time'}: an order not paid by then is cancelled, and its items go back on sale.`,
      `Order number: ${o.orderId}`,
    ],
    rows: orderRows(o),
    action: { label: 'Pay for your order', url: `${store.publicUrl}/dashboard/payment/${o.orderId}` },
  }),
  payment_receipt: (o, store) => ({
    subject: `Receipt ${receiptLabel(o.receiptNumber)} for your Torque order`,
    greeting: `Hello ${o.name},`,
    lines: [`We received your payment of ${money(o.totalCents)}. Thank you.`],
    rows: [
      ['Receipt number', receiptLabel(o.receiptNumber)],
      ['Transaction id', o.transactionId],
      ['Date', utc(o.paidAt)],
      ...orderRows(o),
      ['Amount paid', money(o.totalCents)],
    ],
    action: {
      label: 'View and print your receipt',
      url: `${store.publicUrl}/dashboard/receipt/${o.orderId}`,
    },
    after: ['We will write again when your order is ready for shipping.'],
  }),
  new_paid_order: (o, store) => ({
    subject: `New paid order: ${o.quantity} × ${o.productName} (${money(o.totalCents)})`,
    greeting: 'Hello,',
    lines: [`${o.name} <${o.email}> has paid an order. It is waiting to be shipped.`],
    rows: [
      ['Order number', o.orderId],
      ['Receipt number', receiptLabel(o.receiptNumber)],
      ['Transaction id', o.transactionId],
      ...orderRows(o),
    ],
    action: { label: 'Manage orders', url: `${store.publicUrl}/dashboard/manageOrders` },
  }),
  order_shipped: (o, store) => ({
    subject: `Your Torque order is ready for shipping`,
    greeting: `Hello ${o.name},`,
    lines: [`Your order of ${o.quantity} × ${o.productName} is ready for shipping.`],
    rows: [['Order number', o.orderId], ...orderRows(o)],
    action: { label: 'See your orders', url: `${store.publicUrl}/dashboard/myOrders` },
  }),
  order_refunded: (o, store) => ({
    subject: `Your Torque order was refunded`,
    greeting: `Hello ${o.name},`,
    lines: [
      `We have refunded ${money(o.totalCents)} for your order of ${o.quantity} × ${o.productName}.`,
      'The money returns to the card you paid with; your bank may take a few days to show it.',
    ],
    rows: [
      ['Order number', o.orderId],
      ...(o.transactionId ? ([['Transaction id', o.transactionId]] as [string, string][]) : []),
      ['Refunded', money(o.totalCents)],
    ],
    action: { label: 'See your orders', url: `${store.publicUrl}/dashboard/myOrders` },
  }),
  order_expired: (o, store) => ({
    subject: `Your Torque order was cancelled: it was not paid`,
    greeting: `Hello ${o.name},`,
    lines: [
      `Your order of ${o.quantity} × ${o.productName} was not paid ${isHold(o.holdHours) ? `within ${holdInWords(o.holdHours)}` : 'in time'}, so we cancelled it and put its items back on sale. Nothing was charged.`,
    ],
    rows: [['Order number', o.orderId], ...orderRows(o)],
    action: { label: 'Order it again', url: `${store.publicUrl}/tools/${o.toolId}` },
  }),
  order_cancelled: (o, store) => ({
    subject: 'Your Torque order was cancelled',
    greeting: `Hello ${o.name},`,
    lines: [
      `As you asked, we cancelled your order of ${o.quantity} × ${o.productName} and put its items back on sale. Nothing was charged.`,
    ],
    rows: [['Order number', o.orderId], ...orderRows(o)],
    action: { label: 'Order it again', url: `${store.publicUrl}/tools/${o.toolId}` },
  }),
  password_reset: (a) => ({
    subject: 'Reset your Torque password',
    greeting: `Hello ${a.name},`,
    lines: [
      'Someone (we hope you) asked to reset the password of your Torque account.',
      'Open this link within an hour to choose a new one:',
    ],
    action: { label: 'Choose a new password', url: a.url },
    after: ['If it was not you, ignore this message: your password stays as it is.'],
  }),
  admin_password: (a) => ({
    subject: 'You are an admin of Torque: choose your password',
    greeting: `Hello ${a.name},`,
    lines: [
      'Your email address is confirmed, and the store lists it as an admin address, so your account is now an admin of the store.',
      'Anyone can sign up with an address they do not own, so the password chosen at sign-up no longer works, and every session opened before the confirmation has ended.',
      'Open this link within an hour to choose your own password:',
    ],
    action: { label: 'Choose my password', url: a.url },
    after: ['If the link has expired, use "Forgot password" on the login page.'],
  }),
  email_verification: (a) => ({
    subject: 'Confirm your Torque email address',
    greeting: `Hello ${a.name},`,
    lines: ['Please confirm that this is your email address by opening this link within an hour:'],
    action: { label: 'Confirm my address', url: a.url },
    after: ['If you did not sign up at Torque, ignore this message.'],
  }),
  password_changed: (a, store) => ({
    subject: 'Your Torque password was changed',
    greeting: `Hello ${a.name},`,
    lines: [
      `The password of your Torque account was changed on ${utc(a.changedAt)}.`,
      'Every other session of your account was signed out.',
    ],
    action: {
      label: 'If it was not you, reset your password now',
      url: `${store.publicUrl}/forgot-password`,
    },
  }),
  newsletter_confirm: (a) => ({
    subject: "Confirm your subscription to Torque's newsletter",
    greeting: `Hello ${a.name},`,
    lines: [
      "Someone (we hope you) asked for Torque's newsletter at this address: new tools, restocks and bulk deals, a couple of times a month.",
      'Open this link within 7 days to confirm your subscription:',
    ],
    action: { label: 'Confirm my subscription', url: a.url },
    after: ['If it was not you, ignore this message: we will not write to you again.'],
  }),
};

/** Writes the mail of one kind from its facts and the store's. */
export function renderMail<K extends MailKind>(kind: K, data: MailData[K], store: StoreFacts): RenderedMail {
  return compose(TEMPLATES[kind](data, store));
}
