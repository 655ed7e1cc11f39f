import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL's hash: at once, and again when `ready` turns true,
 * because the navbar's section links land here before the data that sizes the sections above.
 * Each navigation scrolls once settled, so a later refetch never yanks the page back.
 */
export function useScrollToHash(ready: boolean) {
  const { hash, key } = useLocation();
  const settledFor = useRef<string | null>(null);

  useEffect(() => {
    if (hash.length < 2 || settledFor.current === key) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a malformed hash names no section
    }
    // Sections drawn only as they near the screen (styles.css) have estimated heights until then:
    // a section link draws them all first, so that the scroll ends on its section.
    document.documentElement.dataset.sectionsDrawn = '';
    document.getElementById(id)?.scrollIntoView();
    if (ready) settledFor.current = key;
  }, [hash, key, ready]);
}
