import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, hashKey, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FormFill } from '#shared/form-posts.ts';
import type { RenderedPage } from '#shared/rendered-page.ts';
import type { SessionUser } from '#shared/session.ts';
import { App } from './app/providers.tsx';
import { ApiRequestError, setApiFetch, type ApiFetch } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { authKeys, formFillKey } from './lib/query-keys.ts';
import { ServerPageContext, type ServerPage } from './lib/server-page.ts';

// The API calls of the page being drawn go to its own `fetchApi`: pages are drawn concurrently.
const pageFetch = new AsyncLocalStorage<ApiFetch>();
setApiFetch((url, init) => pageFetch.getStore()!(url, init));

/**
 * Draws a page's first view on the server, as its visitor sees it: signed in as `user` when the
 * visitor's session cookie names one, with the answers the page reads (queries marked `prerender`)
 * asked through `fetchApi`, which carries that session. Without a user, a page behind a sign-in is
 * the spinner that waits for the session in the browser. A form refused just before is drawn with
 * what was typed in it (`fill`, useFormFill). The browser then takes over this HTML
 * (main.tsx) instead of drawing it again.
 */
export function renderPage(
  url: string,
  fetchApi: ApiFetch,
  user: SessionUser | null,
  origin = '',
  fill?: FormFill,
): Promise<RenderedPage> {
  return pageFetch.run(fetchApi, () => renderWith(url, user, origin, fill));
}

/** An answer that will not change when asked again (an unknown tool): the page draws it as it is. */
const isFinal = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

async function renderWith(
  url: string,
  user: SessionUser | null,
  origin: string,
  fill: FormFill | undefined,
): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  if (user) queryClient.setQueryData(authKeys.session, user);
  if (fill) queryClient.setQueryData(formFillKey, fill);
  // Each pass draws the page with the answers it has, and asks for the ones it found it reads:
  // an answer can show a part that reads more (an admin's pages). A query that fails is left to
  // the browser, which shows it loading and asks again.
  const failed = new Set<string>();
  for (let pass = 1; ; pass++) {
    let status = 200;
    const page: ServerPage = { origin, notFound: () => (status = 404) };
    const html = await render(url, queryClient, page);
    const wanted = queryClient.getQueryCache().findAll({
      predicate: (query) =>
        query.meta?.prerender === true &&
        query.state.data === undefined &&
        query.state.status !== 'error' &&
        !failed.has(query.queryHash),
    });
    if (wanted.length === 0) return { html, state: dehydrateAnswers(queryClient), status };
    if (pass === MAX_PASSES) throw new Error(`${url} still read more after ${MAX_PASSES} passes`);
    await Promise.all(
      wanted.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
    );
    for (const query of wanted) {
      if (query.state.status === 'error' && !isFinal(query.state.error)) failed.add(query.queryHash);
    }
    queryClient.removeQueries({ predicate: (query) => failed.has(query.queryHash) });
  }
}

const MAX_PASSES = 4;

/** The answers the browser's query client starts from: the session, a form's fill and the pages' reads. */
function dehydrateAnswers(queryClient: QueryClient): DehydratedState {
  const own = new Set([hashKey(authKeys.session), hashKey(formFillKey)]);
  return dehydrate(queryClient, {
    // A final error too (a 404), so that the browser starts from the page the server drew.
    shouldDehydrateQuery: (query) =>
      (query.meta?.prerender === true || own.has(query.queryHash)) &&
      (query.state.status === 'success' || (query.state.status === 'error' && isFinal(query.state.error))),
  });
}

/** The page, once every part of it that can load has loaded. */
async function render(url: string, queryClient: QueryClient, page: ServerPage): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  // A part that fails would be left for the browser to draw, after an error in its console: the
  // whole page is left to it instead (web.ts logs why).
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerPageContext value={page}>
        <App queryClient={queryClient} router={router} />
      </ServerPageContext>
    </StrictMode>,
    // One piece, however large: React would send a large part after a placeholder, swapped in by
    // an inline script, which the CSP refuses.
    { onError: (error) => void (failure ??= error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (failure) throw failure;
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  // React's mark of a part sent as a placeholder, should it ever do so again.
  if (html.includes('<!--$?-->')) throw new Error(`${url}: part of the page was left loading`);
  return html;
}
