import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { UsersTable } from '#web/features/admin/components/users-table.tsx';
import { useCurrentUser } from '#web/features/auth/use-current-user.ts';

/** /dashboard/makeAdmin (admins, SPEC §2): every account; customers can be made admins. */
export function MakeAdminPage() {
  const auth = useCurrentUser();
  return (
    <AdminPage
      title="Make Admin"
      intro="Every account of the store. An admin can manage orders, products and other admins; this cannot be undone here."
    >
      <UsersTable adminEmail={auth.user?.email} />
    </AdminPage>
  );
}
