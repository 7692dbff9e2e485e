import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';

// A refusal (4xx) will not change on a second try; only a failed connection or a 5xx is retried once.
const isWorthRetrying = (failureCount: number, error: Error) =>
  failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * A query cache with the shop's defaults. The browser keeps one for the whole visit; the server
 * makes one per page it renders, so no visitor's page ever shows data fetched for another.
 */
export function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: isWorthRetrying, refetchOnWindowFocus: false } },
  });
}
