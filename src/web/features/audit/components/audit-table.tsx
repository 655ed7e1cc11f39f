import type { AuditEntry } from '#shared/schemas/admin.ts';
import { useAudit } from '#web/features/audit/api/get-audit.ts';
import {
  Card,
  CardField,
  CardList,
  DataTable,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';

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

/**
 * What the action was done to, in words: a product's name, an account's email, an order's short
 * number (the start of its id, with the whole id on hover).
 */
function Target({ entry }: { entry: AuditEntry }) {
  const name = entry.details?.['name'];
  if (typeof name === 'string' && name) return <span className="font-medium text-slate-900">{name}</span>;
  if (entry.action === 'order.ship') {
    return (
      <span className="font-medium text-slate-900" title={entry.target}>
        Order #{entry.target.slice(0, 8)}
      </span>
    );
  }
  return <span className="font-medium break-words text-slate-900">{entry.target}</span>;
}

/** GET /audit: who did what to which order, product or account, newest first. */
export function AuditTable() {
  const audit = useAudit();

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
        </>
      )}
    </QueryState>
  );
}
