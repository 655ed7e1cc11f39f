import { Fragment } from 'react';
import type { Receipt } from '#shared/schemas/receipt.ts';
import { formatDollars } from '#shared/money.ts';
import { EmailText } from '#web/components/ui/email-text.tsx';

// A receipt says one moment, the same for every reader: in UTC, and labelled so.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * A paid order's receipt as a customer files it: seller, buyer, the item, the amounts and the
 * payment. Plain black on white so that it prints as it shows.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const figures = [
    ['Quantity', receipt.quantity],
    ['Unit price', formatDollars(receipt.unitPrice)],
    ['Amount', formatDollars(receipt.total)],
  ] as const;
  return (
    <article
      aria-labelledby="receipt-title"
      className="mx-auto max-w-3xl rounded-lg border border-base-300 bg-white p-6 text-slate-900 sm:p-10 print:max-w-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-base-300 pb-6">
        <div>
          <p className="text-2xl font-extrabold">Torque</p>
          <address className="mt-1 text-sm not-italic text-slate-700">
            {receipt.seller.name}
            {receipt.seller.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{receipt.seller.email}</span>
          </address>
        </div>
        <div className="text-right">
          <h1 id="receipt-title" className="text-2xl font-extrabold">
            Receipt
          </h1>
          <dl className="mt-1 text-sm">
            <dt className="inline text-slate-600">Receipt number </dt>
            <dd className="inline font-mono font-semibold">{receipt.receiptNumber}</dd>
            <dt className="mt-1 block text-slate-600">Date</dt>
            <dd>
              <time dateTime={receipt.date}>{dateFormat.format(new Date(receipt.date))} UTC</time>
            </dd>
          </dl>
        </div>
      </header>

      <section aria-labelledby="receipt-buyer" className="border-b border-base-300 py-6">
        <h2 id="receipt-buyer" className="text-sm font-bold tracking-wide text-slate-600 uppercase">
          Billed to
        </h2>
        <address className="mt-1 not-italic">
          <span className="block font-semibold">{receipt.buyer.name}</span>
          <span className="block whitespace-pre-line">{receipt.buyer.address}</span>
          <span className="block break-words">
            <EmailText email={receipt.buyer.email} />
          </span>
          <span className="block">{receipt.buyer.phone}</span>
        </address>
      </section>

      {/* Four columns of six-figure amounts need more than a phone's width: there, one figure a line. */}
      <dl className="my-6 grid grid-cols-[auto_1fr] gap-y-2 sm:hidden print:hidden [&>dd]:pl-4">
        <dt className="text-sm text-slate-600">Item</dt>
        <dd className="text-right font-semibold break-words">{receipt.item}</dd>
        {figures.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </Fragment>
        ))}
        <dt className="border-t border-base-300 pt-3 font-bold">Total paid</dt>
        <dd className="border-t border-base-300 pt-3 text-right text-lg font-extrabold tabular-nums">
          {formatDollars(receipt.total)}
        </dd>
      </dl>
      <table className="my-6 hidden w-full text-left sm:table print:table">
        <caption className="sr-only">What was paid</caption>
        <thead>
          <tr className="border-b border-base-300 text-sm text-slate-600">
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Quantity
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Unit price
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-base-300">
            <th scope="row" className="py-3 font-semibold">
              {receipt.item}
            </th>
            <td className="py-3 pl-3 text-right tabular-nums">{receipt.quantity}</td>
            <td className="py-3 pl-3 text-right tabular-nums">{formatDollars(receipt.unitPrice)}</td>
            <td className="py-3 pl-3 text-right tabular-nums">{formatDollars(receipt.total)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 text-right">
              Total paid
            </th>
            <td className="pt-3 pl-3 text-right text-lg font-extrabold tabular-nums">
              {formatDollars(receipt.total)}
            </td>
          </tr>
        </tfoot>
      </table>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Transaction id</dt>
        <dd className="font-mono break-all">{receipt.transactionId}</dd>
        <dt className="text-slate-600">Order number</dt>
        <dd className="font-mono break-all">{receipt.orderId}</dd>
        <dt className="text-slate-600">Payment</dt>
        <dd>{receipt.refunded ? 'Paid by card, then refunded in full' : 'Paid by card'}</dd>
      </dl>
    </article>
  );
}
