import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { AuditTable } from '#web/features/audit/components/audit-table.tsx';

/** /dashboard/audit (admins): the record of every admin action, beyond SPEC. */
export function AuditPage() {
  return (
    <DashboardPage
      title="Audit Log"
      intro="Every order shipped, product added or deleted and admin made, by whom."
    >
      <AuditTable />
    </DashboardPage>
  );
}
