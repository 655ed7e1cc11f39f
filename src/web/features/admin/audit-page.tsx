import { AdminPage } from './components/admin-page.tsx';
import { AuditTable } from './components/audit-table.tsx';

/** /dashboard/audit (admins): the record of every admin action, beyond SPEC. */
export function AuditPage() {
  return (
    <AdminPage
      title="Audit Log"
      intro="Every order shipped, product added or deleted and admin made, by whom."
    >
      <AuditTable />
    </AdminPage>
  );
}
