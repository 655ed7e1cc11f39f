import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/providers.tsx';
import { preloadPages } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { ApiRequestError } from './lib/api-client.ts';
import { authKeys } from './lib/query-keys.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App queryClient={queryClient} router={BrowserRouter} />
  </StrictMode>
);

// The server drew the page and sent the answers it drew it from (entry-server.tsx):
// React takes over that HTML, once the page's own code (modulepreloaded beside this script) is
// in. Without them (`npm run dev`), the browser draws the page alone. Either way as a transition:
// the work yields to the browser every few milliseconds instead of holding the main thread in one
// long task (Lighthouse's Total Blocking Time on phones).
const state = document.getElementById('torque-state');
if (state?.textContent) {
  const answers = JSON.parse(state.textContent) as DehydratedState;
  // A final error (an unknown tool's 404) arrives as JSON: the page checks it as the class it was.
  for (const query of answers.queries)
    query.state.error = ApiRequestError.revive(query.state.error) as Error | null;
  hydrate(queryClient, answers);
  // A page that fails to load now is loaded again when drawn, and says so there.
  void preloadPages(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        // The session the server drew the page for is read again once the page shows (which also
        // gets this tab the session's access token when it has none yet).
        void queryClient.invalidateQueries({ queryKey: authKeys.session, refetchType: 'none' });
        hydrateRoot(rootElement, app);
      }),
    );
} else {
  startTransition(() => createRoot(rootElement).render(app));
}
