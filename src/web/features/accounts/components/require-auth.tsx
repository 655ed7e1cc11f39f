import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import type { LoginState } from '#web/features/accounts/redirect-target.ts';

/**
 * Pages for signed-in users: a visitor goes to /login, which brings them back afterwards (SPEC §2).
 * For an admin's page (one of `adminPaths`) the login page is told so, and sends a customer who signs
 * in to /dashboard instead, where no admin guard signs them out again (DESIGN §5.8).
 */
export function RequireAuth({ adminPaths }: { adminPaths: readonly string[] }) {
  const auth = useCurrentUser();
  const location = useLocation();
  if (auth.status === 'loading') return <FullScreenSpinner />;
  if (auth.status === 'signedOut') {
    const needsAdmin = adminPaths.some((pattern) => matchPath(pattern, location.pathname) !== null);
    return <Navigate to="/login" state={{ from: location, needsAdmin } satisfies LoginState} replace />;
  }
  return <Outlet />;
}
