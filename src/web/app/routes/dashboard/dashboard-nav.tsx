import { NavLink } from 'react-router';
import { useAdminCheck } from '#web/features/accounts/api/get-admin-check.ts';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';

interface DashboardLink {
  label: string;
  to: string;
  end?: boolean;
}

const profileLink: DashboardLink = { label: 'My Profile', to: '/dashboard', end: true };
const customerLinks: DashboardLink[] = [
  { label: 'My Orders', to: '/dashboard/myOrders' },
  { label: 'Add Review', to: '/dashboard/addReview' },
];
const adminLinks: DashboardLink[] = [
  { label: 'Overview', to: '/dashboard/overview' },
  { label: 'Manage Orders', to: '/dashboard/manageOrders' },
  { label: 'Add Products', to: '/dashboard/addProducts' },
  { label: 'Make Admin', to: '/dashboard/makeAdmin' },
  { label: 'Manage Products', to: '/dashboard/manageProducts' },
  { label: 'Reviews', to: '/dashboard/reviews' },
  { label: 'Audit Log', to: '/dashboard/audit' },
];

/**
 * The dashboard's links (SPEC §2 Dashboard): My Profile for everyone, then the customer's or the
 * admin's links by GET /admin/{email}. `onNavigate` runs when a link is followed.
 */
export function DashboardNav({ onNavigate }: { onNavigate: () => void }) {
  const auth = useCurrentUser();
  const adminCheck = useAdminCheck(auth.user?.email);
  const roleLinks = adminCheck.data ? (adminCheck.data.admin ? adminLinks : customerLinks) : [];

  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-col gap-1">
        {[profileLink, ...roleLinks].map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary text-primary-content' : 'hover:bg-slate-800'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        {adminCheck.isPending && (
          <li aria-hidden="true" className="space-y-3 px-3 py-2">
            <span className="block h-4 w-28 animate-pulse rounded bg-slate-700" />
            <span className="block h-4 w-24 animate-pulse rounded bg-slate-700" />
          </li>
        )}
      </ul>
    </nav>
  );
}
