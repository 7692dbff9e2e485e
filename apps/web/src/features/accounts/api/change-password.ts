import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/session-query.ts';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/change-password: the identity service checks the current password and the
 * server the spec's rules for the new one. Every other session of the account ends (a stolen
 * session must not outlive the password); this one is renewed, so the shop token is asked for again.
 */
function changePassword(change: PasswordChange): Promise<unknown> {
  return identityRequest('/change-password', { method: 'POST', body: JSON.stringify({ ...change, revokeOtherSessions: true }) });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => refreshSession(queryClient) });
}
