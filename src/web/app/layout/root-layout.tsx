import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { PageError } from './page-error.tsx';
import { PageTitle } from './page-title.tsx';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';
import { useScrollOnNavigate } from './use-scroll-on-navigate.ts';

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  useFocusOnNavigate();

  return (
    <div className="flex min-h-svh flex-col bg-base-100">
      <PageTitle />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-content focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorBoundary resetKey={pathname} fallback={<PageError />}>
          <Suspense fallback={<FullScreenSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
