import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/profile/{_id} with role admin: spec 4, the only role change there is. */
export function makeAdmin(user: Pick<Profile, '_id'>): Promise<{ acknowledged: boolean }> {
  return apiRequest(`/profile/${encodeURIComponent(user._id)}`, { method: 'PATCH', body: JSON.stringify({ role: 'admin' }) });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // The promoted user's own profile and admin answer are refetched when they next load them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
