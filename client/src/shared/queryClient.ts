import { QueryClient } from '@tanstack/react-query';

/**
 * The tab's one react-query cache for server reads (lists, projects, tokens, label colours).
 * Live issue state is not here: it stays in jotai, written by the socket and the poller.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Pages are full loads often enough that a 30 s window avoids refetch storms on tab focus
      staleTime: 30_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
