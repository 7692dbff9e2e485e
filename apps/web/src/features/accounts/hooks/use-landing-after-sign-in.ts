import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffRolesQueryOptions } from '../../../lib/session/api/get-admin-status.ts';
import type { SessionUser } from '../../../lib/session/api/get-session.ts';
import { sessionKey } from '../../../lib/query-keys.ts';

/**
 * Where a sign-in lands when nothing sent the visitor to log in (issue 26, item 13): staff (decision 063) on the
 * dashboard, where their work is; a customer on the storefront, as the spec has it. Asked
 * after the session was reloaded; the admin answer is cached for the dashboard's menu and guards.
 */
export function useLandingAfterSignIn(): () => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = queryClient.getQueryData<SessionUser | null>(sessionKey);
    if (!user) return '/';
    const roles = await queryClient.fetchQuery(staffRolesQueryOptions(user.email)).catch(() => []);
    return roles.length > 0 ? '/dashboard' : '/';
  }, [queryClient]);
}
