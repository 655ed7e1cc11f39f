// What the web app's server renderer (src/web/entry-server.tsx, built into dist/web/ssr) gives the
// server for a page (src/server/ssr/web.ts).

/** A page's first view, drawn on the server. */
export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The answers the page was drawn from, for the browser's query client (main.tsx). */
  state: unknown;
  /** 404 when the page says it is not found (an unknown path or tool). */
  status?: number;
}
