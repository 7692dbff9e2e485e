import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ClientConfig } from '@voltline/shared/account';
import { apiRequest, type ApiRequestInit } from './api-client.ts';
import { clientConfigKey } from './query-keys.ts';

/**
 * What the operator set up when the server started (its country, card gateway, social sign-ins):
 * it changes only with a restart, so it is asked once per visit.
 */
export function setUpAtStartQuery<Answer>(queryKey: QueryKey, path: string, options?: ApiRequestInit) {
  return queryOptions({ queryKey, queryFn: () => apiRequest<Answer>(path, options), staleTime: Infinity });
}

export const clientConfigQueryOptions = setUpAtStartQuery<ClientConfig>(clientConfigKey, '/client-config', { signOutOnAuthFailure: false });

/** The shop's country (the checkout's first destination) and its standard VAT rate (the tool forms say it). */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions);
}
