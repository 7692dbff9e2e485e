import type { Profile } from '@voltline/shared/profile';
import type { StaffRole } from '@voltline/shared/staff-roles';
import { apiSend } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

interface StaffRolesRequest {
  user: Pick<Profile, '_id'>;
  roles: StaffRole[];
}

/** PUT /api/profile/{_id}/roles (the Team page, decision 063): every role the user holds afterwards. 409 when it would leave no admin. */
const setStaffRoles = ({ user, roles }: StaffRolesRequest) =>
  apiSend<{ acknowledged: boolean; modifiedCount?: number }>('PUT', `/profile/${encodeURIComponent(user._id)}/roles`, { roles });

// As a role change: the user list and role histories show it; the user's own menu asks the server anew when they next load it.
export const useSetStaffRoles = () => useRefreshingMutation(setStaffRoles, [userKeys.all]);
