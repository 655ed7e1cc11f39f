import type { UserRecord } from '#shared/schemas/admin.ts';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toast } from '#web/lib/toast.ts';
import { useUsers } from '#web/features/accounts/api/get-users.ts';
import { useMakeAdmin } from '#web/features/accounts/api/make-admin.ts';
import { Card, CardList, DataTable, QueryState, TableEmpty } from '#web/components/ui/data-table.tsx';

const COLUMNS = ['#', 'Email', 'Action'] as const;

/** SPEC §2 Make admin: every account; a non-admin can be promoted, an admin shows a label (SPEC §4). */
export function UsersTable({ adminEmail }: { adminEmail: string | undefined }) {
  const users = useUsers(adminEmail);
  const promote = useMakeAdmin();

  const makeAdmin = (user: UserRecord) => {
    promote.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount === 1) toast.success('Successfully make admin');
        else toast.info(`${user.email} is already an admin.`);
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  };

  const isPromoting = (user: UserRecord) => promote.isPending && promote.variables === user.email;

  return (
    <QueryState
      query={users}
      loadingLabel="Loading users"
      errorText="We couldn't load the users."
      empty={<TableEmpty title="No users yet" />}
    >
      {(rows) => (
        <>
          <DataTable caption="Users and their roles" columns={COLUMNS}>
            {rows.map((user, index) => (
              <tr key={user._id} className="hover:bg-base-200/50">
                <th scope="row" className="w-12 font-semibold text-slate-600">
                  {index + 1}
                </th>
                <td>
                  <Account user={user} />
                </td>
                <td className="w-40 whitespace-nowrap">
                  <RoleAction user={user} pending={isPromoting(user)} onPromote={makeAdmin} />
                </td>
              </tr>
            ))}
          </DataTable>
          <CardList label="Users and their roles">
            {rows.map((user, index) => (
              <Card key={user._id} number={index + 1}>
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <Account user={user} />
                  </div>
                  <RoleAction user={user} pending={isPromoting(user)} onPromote={makeAdmin} />
                </div>
              </Card>
            ))}
          </CardList>
        </>
      )}
    </QueryState>
  );
}

function Account({ user }: { user: UserRecord }) {
  return (
    <>
      <p className="font-semibold break-words text-slate-900">{user.email}</p>
      {user.name && <p className="text-xs text-slate-600">{user.name}</p>}
    </>
  );
}

interface RoleActionProps {
  user: UserRecord;
  pending: boolean;
  onPromote: (user: UserRecord) => void;
}

/** SPEC §4: an admin shows the 'Admin' label; anyone else a 'Make Admin' button. No demotion. */
function RoleAction({ user, pending, onPromote }: RoleActionProps) {
  if (user.role === 'admin') {
    return (
      <span className="badge gap-1 bg-slate-900 text-xs font-semibold text-white">
        <ShieldIcon className="size-4" />
        Admin
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-neutral btn-sm"
      aria-label={`Make Admin: ${user.email}`}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => onPromote(user)}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Make Admin
    </button>
  );
}
