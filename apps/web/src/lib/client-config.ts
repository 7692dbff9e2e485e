import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@voltline/shared/account';
import { apiRequest } from './api-client.ts';
import { clientConfigKey } from './query-keys.ts';

// The shop's set-up changes only with a restart: asked once per visit.
export const clientConfigQueryOptions = queryOptions({
  queryKey: clientConfigKey,
  queryFn: () => apiRequest<ClientConfig>('/client-config', { signOutOnAuthFailure: false }),
  staleTime: Infinity,
});

/** The shop's country (the checkout's first destination) and its standard VAT rate (the tool forms say it). */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
