import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProvidersResponse } from '@voltline/shared/account';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /api/social-providers: which social sign-ins this shop has set up. */
function getSocialProviders(): Promise<SocialProvidersResponse> {
  return apiRequest<SocialProvidersResponse>('/social-providers');
}

// Set up by the operator, so it does not change while the page is open.
const socialProvidersQueryOptions = queryOptions({
  queryKey: accountKeys.socialProviders(),
  queryFn: getSocialProviders,
  staleTime: Infinity,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions);
}
