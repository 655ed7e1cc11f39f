import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';

/** Pages for signed-in users: a visitor goes to /login, which brings them back afterwards (SPEC §2). */
export function RequireAuth() {
  const auth = useCurrentUser();
  const location = useLocation();
  if (auth.status === 'loading') return <FullScreenSpinner />;
  if (auth.status === 'signedOut') return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}
