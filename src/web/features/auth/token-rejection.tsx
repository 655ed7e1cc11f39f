import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { removeAccessToken, setTokenRejectedListener } from '../../lib/api-client.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * SPEC §7, §8: when the server refuses the access token (401 or 403), the user is signed out, the
 * token removed, and the login page opens, remembering where the user was.
 */
export function TokenRejectionHandler() {
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
      // At once, so the calls still in flight do not each trigger another sign-out.
      removeAccessToken();
      void signOutTo(locationRef.current).finally(() => {
        signingOut = false;
      });
    });
    return () => setTokenRejectedListener(undefined);
  }, [signOutTo]);

  return null;
}
