import { useMutation } from '@tanstack/react-query';
import { identityRequest } from '../../../lib/api-client.ts';

interface PasswordReset {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: the server signs out every session of that account; nothing cached changes here. */
function resetPassword(reset: PasswordReset): Promise<unknown> {
  return identityRequest('/reset-password', { method: 'POST', body: JSON.stringify(reset) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
