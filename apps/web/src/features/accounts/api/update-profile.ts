import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInfoUpdate } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, sessionKey } from '../../../lib/query-keys.ts';

interface ProfileChange {
  profileId: string;
  update: ProfileInfoUpdate;
}

/** PATCH /api/profile/{_id}: the owner adds or changes their own items, their name included. */
function updateProfile({ profileId, update }: ProfileChange): Promise<{ acknowledged: boolean }> {
  return apiRequest(`/profile/${encodeURIComponent(profileId)}`, { method: 'PATCH', body: JSON.stringify(update) });
}

export function useUpdateProfile(profile: Pick<Profile, 'email'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_answer, { update }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.profile(profile.email) }),
        // The account's name is the session's too (the menu shows it).
        update.name === undefined ? undefined : queryClient.invalidateQueries({ queryKey: sessionKey, exact: true }),
      ]),
  });
}
