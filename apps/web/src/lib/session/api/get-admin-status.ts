import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client.ts';
import { accountKeys } from '../../query-keys.ts';
import { useSession } from '../session-context.ts';

/** GET /api/admin/{email}: product.md, "Who may do what", admins are whoever the server says they are. */
async function getAdminStatus(email: string): Promise<boolean> {
  const { admin } = await apiRequest<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`);
  return admin;
}

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({ queryKey: accountKeys.adminStatus(email), queryFn: () => getAdminStatus(email), staleTime: Infinity });

/**
 * Asked only by the pages that need it (dashboard menu, admin pages), not on every page load.
 * `isPending` stays true while a signed-in user's answer is outstanding.
 */
export function useIsAdmin(): { isAdmin: boolean; isPending: boolean } {
  const { user } = useSession();
  const email = user?.email ?? '';
  const adminStatus = useQuery({ ...adminStatusQueryOptions(email), enabled: user !== null });
  return { isAdmin: adminStatus.data === true, isPending: user !== null && adminStatus.isPending };
}
