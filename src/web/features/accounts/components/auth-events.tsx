import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ACCESS_TOKEN_KEY, removeAccessToken, setTokenRejectedListener } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { useSignOut } from '#web/features/accounts/api/sign-out.ts';

/**
 * Keeps the auth state true to the server and to other tabs:
 * - SPEC §7, §8: a protected call refused with 401 or 403 signs the user out, removes the token and
 *   opens /login, remembering the page the user was on;
 * - signing in or out in another tab (the token in local storage changes) re-reads the session here.
 */
export function AuthEvents() {
  const queryClient = useQueryClient();
  const signOutTo = useSignOut();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    let signingOut = false;
    setTokenRejectedListener(() => {
      if (signingOut) return;
      signingOut = true;
      // At once, so the calls still in flight do not each start another sign-out.
      removeAccessToken();
      void signOutTo(locationRef.current).finally(() => {
        signingOut = false;
      });
    });
    return () => setTokenRejectedListener(undefined);
  }, [signOutTo]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === ACCESS_TOKEN_KEY) {
        void queryClient.invalidateQueries({ queryKey: authKeys.session });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  return null;
}
