import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top. Back/forward is left to the browser's own scroll restoration, and a
 * URL with a hash is left to the page, which scrolls to that section once it has rendered.
 */
export function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP' || hash) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash, navigationType]);
}
