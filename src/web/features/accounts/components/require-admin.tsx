import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useAdminCheck } from '#web/features/accounts/api/get-admin-check.ts';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useSignOut } from '#web/features/accounts/api/sign-out.ts';
import type { LoginState } from '#web/features/accounts/redirect-target.ts';

/**
 * Admin pages (SPEC §6): a spinner while GET /admin/{email} answers; anyone not signed in or not an
 * admin is signed out and sent to /login with the page they asked for, which says why (DESIGN §5.8).
 */
export function RequireAdmin() {
  const auth = useCurrentUser();
  const location = useLocation();
  const adminCheck = useAdminCheck(auth.user?.email);
  const signOutTo = useSignOut();
  const notAdmin = adminCheck.data?.admin === false;

  useEffect(() => {
    if (notAdmin) void signOutTo(location, true);
  }, [notAdmin, signOutTo, location]);

  if (auth.status === 'signedOut')
    return <Navigate to="/login" state={{ from: location, needsAdmin: true } satisfies LoginState} replace />;
  if (adminCheck.data?.admin) return <Outlet />;
  // A refused token (401/403) is already signing out through the API client; other failures may pass.
  if (adminCheck.isError && !isRefusal(adminCheck.error)) {
    return (
      <div className="p-6">
        <QueryError message={adminCheck.error.message} onRetry={() => void adminCheck.refetch()} />
      </div>
    );
  }
  return <FullScreenSpinner />;
}

function isRefusal(error: Error): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}
