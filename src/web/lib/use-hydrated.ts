import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates its HTML, true from then on (and at once in a page
 * the browser renders alone). What reads the browser's storage waits for it: the first render in
 * the browser must draw what the server drew, and the server knows no one's storage.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
