import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; network blips and 5xx get two more tries.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
    },
  },
});
