import type { Profile, Role } from '@voltline/shared/profile';
import { apiSend } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

interface RoleChangeRequest {
  user: Pick<Profile, '_id'>;
  role: Role;
}

/**
 * PATCH /api/profile/{_id} with a role: Make Admin (product.md, "States") or Remove admin. The server refuses
 * (409) to remove the shop's last admin.
 */
const changeRole = ({ user, role }: RoleChangeRequest) =>
  apiSend<{ acknowledged: boolean; modifiedCount?: number }>('PATCH', `/profile/${encodeURIComponent(user._id)}`, { role });

// The user list and role histories show it; the changed user's own profile and admin answer
// are refetched when they next load them (the server decides on every call regardless).
export const useChangeRole = () => useRefreshingMutation(changeRole, [userKeys.all]);
