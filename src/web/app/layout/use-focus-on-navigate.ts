import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page's h1 may take to appear (its data loading) and still take the focus from <main>. */
const HEADING_WAIT_MS = 10_000;

/**
 * A click or a form that leads to another page puts the keyboard on that page's h1, which a screen
 * reader then reads: otherwise focus is left on <body> (the clicked link went with the old page) or
 * on the navbar's link, and the next Tab starts from the top of the document again. A page whose h1
 * comes with its data has <main> focused meanwhile, and the h1 once it appears.
 *
 * Left alone: the first load; back and forward, where the browser puts the page back as it was
 * scrolled (useScrollOnNavigate leaves it too) and a focused h1 would send the next Tab to the
 * page's top, away from what is on screen; a URL with a hash, whose page scrolls to that section;
 * a new search on the same page (/tools?q=), whose search box keeps the focus; and a focus the new
 * page gave itself (a form's first field, a message).
 */
export function useFocusOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  const focusedAtChange = useRef<Element | null>(null);

  // Before the new page's own effects run: what the navigation left focused, if it still exists.
  useLayoutEffect(() => {
    focusedAtChange.current = document.activeElement;
  }, [pathname]);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    const main = document.getElementById('main');
    if (navigationType === 'POP' || hash || !main) return;
    const leftOver = focusedAtChange.current;
    const unclaimed = (active: Element | null) =>
      !active || active === document.body || active === leftOver || active === main;
    const settle = () => {
      // Drawn, not in a part Suspense has hidden (display: none has no boxes).
      const heading = [...main.querySelectorAll('h1')].find((h1) => h1.getClientRects().length > 0);
      if (!heading) return false;
      if (unclaimed(document.activeElement)) focusHeading(heading);
      return true;
    };

    if (!unclaimed(document.activeElement) || settle()) return;
    main.focus({ preventScroll: true });
    // The h1 arrives with the page's data; by then the visitor (or the page) may have moved on.
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || settle()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, navigationType]);
}

/** Focusable for the moment (tabindex -1 keeps it out of the Tab order), and as before once left. */
function focusHeading(heading: HTMLHeadingElement) {
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
  }
  heading.focus({ preventScroll: true });
}
