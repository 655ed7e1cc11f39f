import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { CloseIcon, MenuIcon } from '#web/components/ui/icons.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
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
 * The dashboard's sidebar with its nested pages beside it (SPEC §2 Dashboard): My Profile for
 * everyone, then the customer's or the admin's links by GET /admin/{email}. Below the lg breakpoint
 * the sidebar is a drawer.
 */
export function DashboardLayout() {
  const auth = useCurrentUser();
  const adminCheck = useAdminCheck(auth.user?.email);
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const sidebarId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setOpen(false);
  };

  const roleLinks = adminCheck.data ? (adminCheck.data.admin ? adminLinks : customerLinks) : [];

  useEffect(() => {
    const side = sidebar.current;
    const opener = openButton.current;
    if (!open || !side) return;
    // The drawer covers the page: everything beside it (and its overlay, which closes it), up to
    // the body, is inert until it closes: out of reach of Tab and of a screen reader's cursor.
    const behind: Element[] = [];
    const drawer = side.parentElement!;
    for (let node = drawer; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling !== node && !sibling.hasAttribute('inert')) behind.push(sibling);
      }
    }
    for (const element of behind) element.setAttribute('inert', '');
    const stops = () => [...side.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    stops()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab') return;
      // The drawer covers the page: Tab goes round its own links rather than onto the page behind.
      const all = stops();
      const [edge, wrapTo] = event.shiftKey ? [all[0], all.at(-1)] : [all.at(-1), all[0]];
      if (document.activeElement === edge || !side.contains(document.activeElement)) {
        event.preventDefault();
        wrapTo?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const element of behind) element.removeAttribute('inert');
      // Closed by Escape or its button, the menu gives focus back to the button that opened it,
      // once that is no longer inert; closed by a link, focus goes where the link leads.
      if (refocus.current) opener?.focus();
      refocus.current = false;
    };
  }, [open]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      {/* Each dashboard page holds the page's h1; the layout only frames it. */}
      <div className="mb-4 flex items-center justify-between gap-4 lg:hidden print:hidden">
        <p className="text-sm font-bold tracking-[0.2em] text-rust uppercase">Dashboard</p>
        <button
          ref={openButton}
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpen(true)}
        >
          <MenuIcon className="size-4" />
          Dashboard menu
        </button>
      </div>

      <div className="drawer lg:drawer-open lg:gap-6">
        {/* daisyUI's drawer opens on this checkbox; the buttons drive it. */}
        <input
          id={toggleId}
          type="checkbox"
          className="drawer-toggle"
          tabIndex={-1}
          aria-hidden="true"
          checked={open}
          onChange={(event) => setOpen(event.target.checked)}
        />
        {/* Before the content in the document, so the sidebar comes first to keyboard and reader. */}
        {/* daisyUI shows the drawer after a delay, and focus cannot land in it before: it fades in
            without one. */}
        <div
          className={`drawer-side z-50 lg:top-20 lg:z-auto lg:h-auto lg:self-start ${open ? 'transition-opacity' : ''}`}
        >
          <label htmlFor={toggleId} aria-hidden="true" className="drawer-overlay" />
          <aside
            ref={sidebar}
            id={sidebarId}
            className="min-h-full w-72 bg-slate-900 p-4 text-slate-100 lg:min-h-0 lg:w-64 lg:rounded-box"
          >
            <div className="mb-3 flex items-center justify-between">
              <p className="px-3 text-sm font-bold tracking-[0.15em] text-safety uppercase">Dashboard</p>
              <button
                type="button"
                className="btn btn-square btn-ghost btn-sm text-slate-100 hover:bg-slate-800 focus-visible:bg-slate-800 lg:hidden"
                aria-label="Close dashboard menu"
                onClick={close}
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <nav aria-label="Dashboard">
              <ul className="flex flex-col gap-1">
                {[profileLink, ...roleLinks].map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      onClick={() => setOpen(false)}
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
          </aside>
        </div>
        <div className="drawer-content">
          {/* At least a screen tall: the footer starts below the fold, so a list that arrives late
              (a spinner, then its rows) moves nothing on screen. */}
          <div className="min-h-[calc(100svh-4rem)] rounded-box border border-base-300 bg-base-100 print:min-h-0">
            <Suspense fallback={<FullScreenSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </div>
    </div>
  );
}
