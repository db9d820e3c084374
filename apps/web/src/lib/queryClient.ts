import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http/errors.ts';

/** The single query cache of the SPA (emptied by a full logout). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API clients already toast errors; retry only network failures, once.
      retry: (count, err) => count < 1 && err instanceof HttpError && err.kind === 'network',
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});
