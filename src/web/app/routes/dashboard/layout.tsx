import { Suspense, useId } from 'react';
import { Outlet } from 'react-router';
import { CloseIcon, MenuIcon } from '#web/components/ui/icons.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useModalDrawer } from '#web/components/ui/use-modal-drawer.ts';
import { DashboardNav } from './dashboard-nav.tsx';

/**
 * The dashboard's sidebar with its nested pages beside it (SPEC §2 Dashboard). Below the lg
 * breakpoint the sidebar is a drawer.
 */
export function DashboardLayout() {
  const { open, setOpen, close, opener, panel } = useModalDrawer();
  const toggleId = useId();
  const sidebarId = useId();

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      {/* Each dashboard page holds the page's h1; the layout only frames it. */}
      <div className="mb-4 flex items-center justify-between gap-4 lg:hidden print:hidden">
        <p className="text-sm font-bold tracking-[0.2em] text-rust uppercase">Dashboard</p>
        <button
          ref={opener}
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
            ref={panel}
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
            <DashboardNav onNavigate={() => setOpen(false)} />
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
