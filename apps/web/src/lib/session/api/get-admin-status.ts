import { queryOptions, useQuery } from '@tanstack/react-query';
import { mayDo, type Permission, type StaffRole } from '@voltline/shared/staff-roles';
import { apiRequest } from '../../api-client.ts';
import { accountKeys } from '../../query-keys.ts';
import { useSession } from '../session-context.ts';

/** GET /api/admin/{email}: product.md, "Who may do what", staff are whoever the server says they are, with the roles it names. */
async function getStaffRoles(email: string): Promise<StaffRole[]> {
  const { admin, roles } = await apiRequest<{ admin: boolean; roles?: StaffRole[] }>(`/admin/${encodeURIComponent(email)}`);
  // A server from before staff roles answers `admin` alone.
  return roles ?? (admin ? ['admin'] : []);
}

export const staffRolesQueryOptions = (email: string) =>
  queryOptions({ queryKey: accountKeys.adminStatus(email), queryFn: () => getStaffRoles(email), staleTime: Infinity });

/**
 * Asked only by the pages that need it (dashboard menu, back-office pages), not on every page load.
 * `isPending` stays true while a signed-in user's answer is outstanding. The server decides on
 * every call regardless: this only chooses what to show (decision 063).
 */
export function useStaffRoles(): { roles: StaffRole[]; may: (permission: Permission) => boolean; isPending: boolean } {
  const { user } = useSession();
  const email = user?.email ?? '';
  const answer = useQuery({ ...staffRolesQueryOptions(email), enabled: user !== null });
  const roles = answer.data ?? [];
  return { roles, may: (permission) => mayDo(roles, permission), isPending: user !== null && answer.isPending };
}
