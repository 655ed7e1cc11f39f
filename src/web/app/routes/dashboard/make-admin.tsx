import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { UsersTable } from '#web/features/accounts/components/users-table.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';

/** /dashboard/makeAdmin (admins, SPEC §2): every account; customers can be made admins. */
export function MakeAdminPage() {
  const auth = useCurrentUser();
  return (
    <DashboardPage
      title="Make Admin"
      intro="Every account of the store. An admin can manage orders, products and other admins; this cannot be undone here."
    >
      <UsersTable adminEmail={auth.user?.email} />
    </DashboardPage>
  );
}
