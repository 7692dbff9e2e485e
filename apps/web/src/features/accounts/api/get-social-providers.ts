import { useQuery } from '@tanstack/react-query';
import type { SocialProvidersResponse } from '@voltline/shared/account';
import { setUpAtStartQuery } from '../../../lib/client-config.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /api/social-providers: which social sign-ins this shop has set up. */
const socialProvidersQueryOptions = setUpAtStartQuery<SocialProvidersResponse>(accountKeys.socialProviders(), '/social-providers');

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions);
}
