import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { AuditTable } from '#web/features/audit/components/audit-table.tsx';

/** /dashboard/audit (admins): the record of every admin action, beyond SPEC. */
export function AuditPage() {
  return (
    <DashboardPage
      title="Audit Log"
      intro="Every admin action, by whom: orders shipped or refunded, products added, edited or deleted, reviews deleted, admins made."
    >
      <AuditTable />
    </DashboardPage>
  );
}
