import { categoryName } from '#shared/categories.ts';
import { formatCount, formatDollars, toDollars } from '#shared/money.ts';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { useAudit } from '#web/features/audit/api/get-audit.ts';
import {
  Card,
  CardField,
  CardList,
  DataTable,
  pagedRows,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';

const COLUMNS = ['When', 'Who', 'Action', 'Target'] as const;

const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  'order.ship': 'Marked ready for shipping',
  'order.refund': 'Refunded order',
  'payment.refund': 'Refunded a payment for a closed order',
  'tool.add': 'Added product',
  'tool.edit': 'Edited product',
  'tool.delete': 'Deleted product',
  'review.delete': 'Deleted review',
  'user.promote': 'Made admin',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function When({ entry }: { entry: AuditEntry }) {
  return <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>;
}

const ORDER_ACTIONS: ReadonlySet<AuditEntry['action']> = new Set([
  'order.ship',
  'order.refund',
  'payment.refund',
]);

const money = (value: unknown) => (typeof value === 'number' ? formatDollars(value) : String(value));
const count = (value: unknown) => (typeof value === 'number' ? formatCount(value) : String(value));

/** A product edit's fields as the log names them, in the edit form's order, and how each value reads. */
const EDITED_FIELDS: [field: string, label: string, read?: (value: unknown) => string][] = [
  ['name', 'name', (value) => `“${String(value)}”`],
  ['price', 'price', money],
  ['availableQuantity', 'stock', count],
  ['minimumOrder', 'minimum order', count],
  ['category', 'category', (value) => categoryName(String(value))],
  // Too long to quote: the log says that they changed.
  ['description', 'description'],
  ['img', 'image'],
];

/**
 * What the entry's details say in words: a refund's amount; a product edit's fields, each from its
 * value before to its value after ("price $49.90 → $44.90, stock 10 → 60").
 */
function detailsOf(entry: AuditEntry): string | undefined {
  const details = entry.details ?? {};
  if (entry.action === 'order.refund' && typeof details['cents'] === 'number') {
    return `${formatDollars(toDollars(details['cents']))} refunded`;
  }
  const changes = details['changes'];
  if (entry.action !== 'tool.edit' || typeof changes !== 'object' || changes === null) return undefined;
  const changed = EDITED_FIELDS.flatMap(([field, label, read]) => {
    const change = (changes as Record<string, { from?: unknown; to?: unknown } | undefined>)[field];
    if (!change) return [];
    return read ? [`${label} ${read(change.from)} → ${read(change.to)}`] : [`${label} changed`];
  });
  return changed.length ? changed.join(', ') : undefined;
}

/**
 * What the action was done to, in words: an order's short number (the start of its id), a
 * product's name, an account's email.
 */
function targetWords(entry: AuditEntry): string {
  if (ORDER_ACTIONS.has(entry.action)) return `Order #${entry.target.slice(0, 8)}`;
  const name = entry.details?.['name'];
  return typeof name === 'string' && name ? name : entry.target;
}

/** The target in words (an order's whole id on hover), and under it what the details say. */
function Target({ entry }: { entry: AuditEntry }) {
  const details = detailsOf(entry);
  return (
    <>
      <span
        className="font-medium break-words text-slate-900"
        title={ORDER_ACTIONS.has(entry.action) ? entry.target : undefined}
      >
        {targetWords(entry)}
      </span>
      {details && <span className="mt-1 block text-sm wrap-anywhere text-slate-600">{details}</span>}
    </>
  );
}

/** GET /admin/audit: who did what to which order, product or account, newest first, a page at a time. */
export function AuditTable() {
  const pages = useAudit();
  const first = pages.data?.pages[0];
  const audit = pagedRows(pages);

  return (
    <QueryState
      query={audit}
      loadingLabel="Loading the audit log"
      errorText="We couldn't load the audit log."
      empty={
        <TableEmpty title="Nothing recorded yet">
          Shipping an order, adding or deleting a product and making an admin are recorded here.
        </TableEmpty>
      }
    >
      {(rows) => (
        <>
          <DataTable caption="Admin actions, newest first" columns={COLUMNS} minWidthClass="min-w-[52rem]">
            {rows.map((entry) => (
              <tr key={entry._id} className="align-top hover:bg-base-200/50">
                <td className="whitespace-nowrap text-slate-700">
                  <When entry={entry} />
                </td>
                <td className="break-words text-slate-900">{entry.actorEmail}</td>
                <td className="font-semibold whitespace-nowrap text-slate-900">
                  {ACTION_WORDS[entry.action]}
                </td>
                <td>
                  <Target entry={entry} />
                </td>
              </tr>
            ))}
          </DataTable>
          <CardList label="Admin actions, newest first">
            {rows.map((entry) => (
              <Card key={entry._id}>
                <p className="font-semibold text-slate-900">{ACTION_WORDS[entry.action]}</p>
                <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                  <CardField label="Target" wide>
                    <Target entry={entry} />
                  </CardField>
                  <CardField label="Who" wide>
                    <span className="break-words">{entry.actorEmail}</span>
                  </CardField>
                  <CardField label="When" wide>
                    <When entry={entry} />
                  </CardField>
                </dl>
              </Card>
            ))}
          </CardList>
          <ShowMore
            shown={rows.length}
            total={first?.total}
            capped={first?.totalCapped}
            noun="actions"
            pages={pages}
          />
        </>
      )}
    </QueryState>
  );
}
