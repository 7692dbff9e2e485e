import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInfoUpdate } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session/session-query.ts';
import { profileQueryOptions } from './get-profile.ts';

export interface ProfileChange {
  profileId: string;
  update: ProfileInfoUpdate;
}

/** PATCH /api/profile/{_id}: the owner adds or changes their own items, their name included. */
export function updateProfile({ profileId, update }: ProfileChange): Promise<{ acknowledged: boolean }> {
  return apiRequest(`/profile/${encodeURIComponent(profileId)}`, { method: 'PATCH', body: JSON.stringify(update) });
}

export function useUpdateProfile(profile: Pick<Profile, 'email'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_answer, { update }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryOptions(profile.email).queryKey }),
        // The account's name is the session's too (the menu shows it).
        update.name === undefined ? undefined : queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true }),
      ]),
  });
}
