import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useSignOut } from '#web/features/accounts/api/sign-out.ts';
import { getAccessToken } from '#web/lib/api-client.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { initials } from '#web/lib/text.ts';
import { CloseIcon, LogoMark, MenuIcon } from '#web/components/ui/icons.tsx';
import { visibleNavItems, type NavItem } from './nav-items.ts';

const linkClass = 'rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:text-safety';

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  if (item.section) {
    return (
      <Link to={item.to} className={`${linkClass} text-slate-200`} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) => `${linkClass} ${isActive ? 'text-safety' : 'text-slate-200'}`}
    >
      {item.label}
    </NavLink>
  );
}

/** Login and Registration for visitors; the display name and Logout when signed in (SPEC §2 Navbar). */
function AccountLinks({ auth, onNavigate }: { auth: NavbarAuth; onNavigate: () => void }) {
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  if (auth.status === 'loading') {
    // Holds the place so the bar does not jump when the session answers; without JavaScript it
    // never answers, and the login and registration forms still post: their links show instead.
    return (
      <span className="flex h-8 w-40 items-center justify-end gap-2">
        <NoScriptAccountLinks />
      </span>
    );
  }
  if (auth.status === 'signedIn') {
    const onLogout = async () => {
      setSigningOut(true);
      onNavigate();
      try {
        await signOut();
      } finally {
        setSigningOut(false);
      }
    };
    return (
      <>
        <span className="mr-auto flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-100">
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-safety text-xs font-black text-slate-900"
          >
            {initials(auth.user.name)}
          </span>
          <span className="max-w-48 truncate">{auth.user.name}</span>
        </span>
        {/* Posted by the browser itself before the app runs (form-posts.ts signs the session out). */}
        <form
          method="post"
          action="/logout"
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            void onLogout();
          }}
        >
          <button
            type="submit"
            className="btn btn-sm border-slate-500 bg-transparent text-slate-100 shadow-none hover:border-safety hover:text-safety"
            disabled={signingOut}
          >
            Logout
          </button>
        </form>
      </>
    );
  }
  return (
    <>
      <NavLink
        to="/login"
        onClick={onNavigate}
        className={({ isActive }) =>
          `btn btn-sm bg-transparent shadow-none hover:border-safety hover:text-safety ${isActive ? 'border-safety text-safety' : 'border-slate-500 text-slate-100'}`
        }
      >
        Login
      </NavLink>
      <Link to="/registration" onClick={onNavigate} className="btn btn-sm btn-primary">
        Registration
      </Link>
    </>
  );
}

/** Login and Registration as plain links, shown only where scripts do not run. */
function NoScriptAccountLinks() {
  return (
    <>
      <a
        href="/login"
        className="btn btn-sm hidden border-slate-500 bg-transparent text-slate-100 shadow-none [@media(scripting:none)]:inline-flex"
      >
        Login
      </a>
      <a href="/registration" className="btn btn-sm btn-primary hidden [@media(scripting:none)]:inline-flex">
        Registration
      </a>
    </>
  );
}

type NavbarAuth = ReturnType<typeof useCurrentUser>;

/**
 * The session answers after the first paint. Without a stored token the visitor is almost surely
 * signed out, so the bar shows Login at once; with one it waits rather than flashing Login. The
 * server knows no one's storage: its HTML, and the browser's first render over it, wait too.
 */
function useNavbarAuth(): NavbarAuth {
  const auth = useCurrentUser();
  const hydrated = useHydrated();
  if (auth.status === 'loading' && hydrated && !getAccessToken()) return { status: 'signedOut', user: null };
  return auth;
}

export function Navbar() {
  const auth = useNavbarAuth();
  const items = visibleNavItems(auth.status === 'signedIn');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  // Drawn by the server (and so in a page without JavaScript), left out once the app runs.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      // The menu's links go with it, and focus would fall to the page's start.
      if (headerRef.current?.contains(document.activeElement)) menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    // Without JavaScript a phone's menu stays open under the bar (below): the bar then scrolls away
    // with the page rather than keep 40% of the screen.
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-800 bg-slate-900/95 backdrop-blur [@media(scripting:none)]:max-lg:static"
    >
      <nav aria-label="Main" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center gap-4">
          <Link
            to="/"
            onClick={closeMenu}
            className="flex items-center gap-2 text-xl font-black tracking-tight text-white"
          >
            <LogoMark className="size-8" />
            Torque
          </Link>

          <ul className="ml-auto hidden items-center gap-1 lg:flex">
            {items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} onNavigate={closeMenu} />
              </li>
            ))}
          </ul>
          <div className="hidden items-center gap-2 lg:ml-4 lg:flex">
            <AccountLinks auth={auth} onNavigate={closeMenu} />
          </div>

          <button
            ref={menuButton}
            type="button"
            className="btn btn-square btn-ghost ml-auto text-slate-100 hover:bg-slate-800 focus-visible:bg-slate-800 lg:hidden [@media(scripting:none)]:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>

        {/* The menu button needs JavaScript: without it, the menu's links show under the bar. */}
        {!hydrated && (
          <div className="hidden border-t border-slate-800 pt-2 pb-4 [@media(scripting:none)]:max-lg:block">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.label} className="flex flex-col">
                  <NavItemLink item={item} onNavigate={closeMenu} />
                </li>
              ))}
            </ul>
            <div className="mt-3 flex items-center gap-2 border-t border-slate-800 pt-3">
              {/* The server drew the page for the session its cookie names, as the bar above. */}
              {auth.status === 'signedIn' ? (
                <AccountLinks auth={auth} onNavigate={closeMenu} />
              ) : (
                <NoScriptAccountLinks />
              )}
            </div>
          </div>
        )}

        {/* Rendered only while open, so the account name and buttons exist once on the page. */}
        <div id={menuId} hidden={!menuOpen} className="border-t border-slate-800 pt-2 pb-4 lg:hidden">
          {menuOpen && (
            <>
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <li key={item.label} className="flex flex-col">
                    <NavItemLink item={item} onNavigate={closeMenu} />
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex items-center gap-2 border-t border-slate-800 pt-3">
                <AccountLinks auth={auth} onNavigate={closeMenu} />
              </div>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
