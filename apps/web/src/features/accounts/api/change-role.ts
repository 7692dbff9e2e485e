import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, Role } from '@voltline/shared/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

interface RoleChangeRequest {
  user: Pick<Profile, '_id'>;
  role: Role;
}

/**
 * PATCH /api/profile/{_id} with a role: Make Admin (product.md, "States") or Remove admin. The server refuses
 * (409) to remove the shop's last admin.
 */
function changeRole({ user, role }: RoleChangeRequest): Promise<{ acknowledged: boolean; modifiedCount?: number }> {
  return apiRequest(`/profile/${encodeURIComponent(user._id)}`, { method: 'PATCH', body: JSON.stringify({ role }) });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    // The user list and role histories show it; the changed user's own profile and admin answer
    // are refetched when they next load them (the server decides on every call regardless).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
