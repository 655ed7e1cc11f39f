import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { AuthEvents } from '../features/auth/auth-events.tsx';
import { queryClient } from '../lib/query-client.ts';
import { toastContainerProps } from '../lib/toast.ts';
import { AppRoutes } from './router.tsx';

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthEvents />
        <AppRoutes />
      </BrowserRouter>
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}
