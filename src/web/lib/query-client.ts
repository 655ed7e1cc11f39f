import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The server asks for it and draws the page with it, with the visitor's session (entry-server.tsx). */
      prerender?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network blips and 5xx get two more tries.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** The browser's one client; the server makes one per page it renders. */
export const queryClient = createQueryClient();
