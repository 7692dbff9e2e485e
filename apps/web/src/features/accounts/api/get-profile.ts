import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /api/user?email=...: the profile of that user (missing items are null). */
function getProfile(email: string): Promise<Profile> {
  return apiRequest<Profile>(`/user?${new URLSearchParams({ email })}`);
}

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: accountKeys.profile(email), queryFn: () => getProfile(email) });

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
