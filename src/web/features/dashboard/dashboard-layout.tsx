import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';

// The sign-in issue shows My Orders and Add Review to customers and the four admin links to admins.
const dashboardLinks = [
  { label: 'My Profile', to: '/dashboard', end: true },
  { label: 'My Orders', to: '/dashboard/myOrders', end: false },
  { label: 'Add Review', to: '/dashboard/addReview', end: false },
];

/** The dashboard's sidebar with its nested pages beside it (SPEC §2 Dashboard). */
export function DashboardLayout() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
      <aside className="rounded-box bg-slate-900 p-4 text-slate-100 lg:min-h-[60svh]">
        <p className="mb-3 px-3 text-sm font-bold tracking-[0.15em] text-safety uppercase">Dashboard</p>
        <nav aria-label="Dashboard">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {dashboardLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary text-primary-content' : 'hover:bg-slate-800'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="rounded-box border border-base-300">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
