import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, type Location } from 'react-router';
import { endSession, forgetSession } from './sign-out.ts';

/**
 * Signs out and goes to /login. With `from`, the login page returns there afterwards (the admin
 * guard and the refused-token case); the Logout button gives none.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (from?: Location) => {
      await endSession();
      // Navigate before the cache empties, so a guarded page does not redirect on its own first.
      await navigate('/login', { replace: Boolean(from), state: from ? { from } : undefined });
      forgetSession(queryClient);
    },
    [queryClient, navigate],
  );
}
