import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { AuthEvents } from '#web/features/accounts/components/auth-events.tsx';
import { toastContainerProps } from '#web/lib/toast.ts';
import { AppRoutes } from './router.tsx';

/**
 * The whole app inside the router it is given: the browser's (main.tsx) or the server's, which
 * renders each page's first view (entry-server.tsx). Both draw the same tree, so React can take
 * over the server's HTML instead of drawing it again.
 */
export function App({ queryClient, router: Router }: { queryClient: QueryClient; router: RouterOf }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AuthEvents />
        <AppRoutes />
      </Router>
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}

type RouterOf = (props: { children: ReactNode }) => ReactNode;
