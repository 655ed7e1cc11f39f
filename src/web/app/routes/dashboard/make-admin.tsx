import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { ListSearch } from '#web/components/ui/list-search.tsx';
import { UsersTable } from '#web/features/accounts/components/users-table.tsx';

const PATH = '/dashboard/makeAdmin';

/** /dashboard/makeAdmin (admins, SPEC §2): the accounts, searched by the URL; customers can be made admins. */
export function MakeAdminPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  return (
    <DashboardPage
      title="Make Admin"
      intro="Every account of the store, newest first. An admin can manage orders, products and other admins; this cannot be undone here."
      headingRef={heading}
    >
      <ListSearch label="Search accounts" placeholder="Name or email" q={q} path={PATH} />
      <UsersTable q={q} onPromoted={() => heading.current?.focus()} />
    </DashboardPage>
  );
}
