import type { UserRecord } from '#shared/schemas/admin.ts';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useConfirmedAction } from '#web/components/ui/use-confirmed-action.ts';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { toast } from '#web/lib/toast.ts';
import { useAdminUsers } from '#web/features/accounts/api/get-admin-users.ts';
import { useMakeAdmin } from '#web/features/accounts/api/make-admin.ts';
import {
  Card,
  CardList,
  DataTable,
  pagedRows,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';

const COLUMNS = ['#', 'Email', 'Action'] as const;

/**
 * SPEC §2 Make admin: the accounts (searched by `q`), a page at a time (GET /admin/users);
 * a non-admin whose email is confirmed can be promoted, an admin shows a label (SPEC §4).
 * Promoting asks first, as cancel and delete do: an admin can run the whole store. The row's label
 * then takes the button's place, and cannot take its focus: `onPromoted` puts it elsewhere (the
 * page's heading).
 */
export function UsersTable({ q, onPromoted }: { q: string; onPromoted: () => void }) {
  const pages = useAdminUsers(q);
  const first = pages.data?.pages[0];
  const users = pagedRows(pages);
  const makeAdmin = useMakeAdmin();
  const promote = useConfirmedAction(makeAdmin, {
    variables: (user: UserRecord) => user.email,
    onSuccess: ({ modifiedCount }, user) => {
      if (modifiedCount === 1) toast.success('Successfully make admin');
      else toast.info(`${user.email} is already an admin.`);
    },
    failure: 'toast',
    refocus: onPromoted,
  });
  const confirming = promote.item;
  // Anyone can sign up with an address they do not own: until its owner follows the mailed link,
  // the server refuses (409), so the dialog says why instead of asking.
  const unconfirmed = confirming !== null && !confirming.emailVerified;

  const isPromoting = (user: UserRecord) => makeAdmin.isPending && makeAdmin.variables === user.email;

  return (
    <>
      <QueryState
        query={users}
        loadingLabel="Loading users"
        errorText="We couldn't load the users."
        empty={
          q ? (
            <TableEmpty title="No accounts match">Try another name or email.</TableEmpty>
          ) : (
            <TableEmpty title="No users yet" />
          )
        }
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
                    <RoleAction user={user} pending={isPromoting(user)} onPromote={promote.ask} />
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
                    <RoleAction user={user} pending={isPromoting(user)} onPromote={promote.ask} />
                  </div>
                </Card>
              ))}
            </CardList>
            <ShowMore
              shown={rows.length}
              total={first?.total}
              capped={first?.totalCapped}
              noun="accounts"
              pages={pages}
            />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        {...promote.dialog}
        refused={promote.dialog.refused || unconfirmed}
        title={
          unconfirmed
            ? `${confirming?.email ?? ''} has not confirmed their email address yet`
            : `Make ${confirming?.email ?? ''} an admin?`
        }
        confirmLabel="Make Admin"
        cancelLabel="Cancel"
      >
        {unconfirmed
          ? 'They can be made an admin once they follow the link mailed to them; they can send the link again from My Profile.'
          : 'They will be able to manage orders, products and admins.'}
      </ConfirmDialog>
    </>
  );
}

/**
 * The email, marked while its owner has not confirmed it, and the name. The email wraps after its
 * '@' or before a dot (EmailText), a part too long for the line where it must; the name anywhere.
 */
function Account({ user }: { user: UserRecord }) {
  return (
    <>
      <p className="font-semibold break-words text-slate-900">
        <span>
          <EmailText email={user.email} />
        </span>
        {!user.emailVerified && (
          <>
            {' '}
            <span className="badge h-auto border-warning bg-warning/30 text-xs font-semibold whitespace-nowrap text-slate-900">
              not confirmed
            </span>
          </>
        )}
      </p>
      {user.name && <p className="text-xs wrap-anywhere text-slate-600">{user.name}</p>}
    </>
  );
}

interface RoleActionProps {
  user: UserRecord;
  pending: boolean;
  onPromote: (user: UserRecord, button: HTMLButtonElement) => void;
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
      aria-haspopup="dialog"
      onClick={(event) => onPromote(user, event.currentTarget)}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Make Admin
    </button>
  );
}
