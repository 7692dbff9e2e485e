import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';

// A refusal (4xx) will not change on a second try; only a failed connection or a 5xx is retried once.
const isWorthRetrying = (failureCount: number, error: Error) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/** The app's one query cache: the providers hand it to React, route loaders prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: isWorthRetrying, refetchOnWindowFocus: false } },
});
