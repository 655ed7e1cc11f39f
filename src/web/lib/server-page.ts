import { createContext, useContext } from 'react';

/** What the server's drawing of a page learns from it (entry-server.tsx): its status and origin. */
export interface ServerPage {
  /** The store's public origin (PUBLIC_URL), for canonical links. */
  origin: string;
  /** Called by a part of the page that says it is not found: the page is sent with a 404. */
  notFound: () => void;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

/** The store's origin: the public one on the server, the address bar's in the browser. */
export function useSiteOrigin(): string {
  const page = useContext(ServerPageContext);
  if (page) return page.origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Marks the page being drawn on the server as not found, so that it is sent with a 404. */
export function useNotFoundStatus(): void {
  const page = useContext(ServerPageContext);
  page?.notFound();
}
