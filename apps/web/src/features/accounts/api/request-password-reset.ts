import { useMutation } from '@tanstack/react-query';
import { identityRequest } from '../../../lib/api-client.ts';

/** The emailed link goes through the server and lands on this page with ?token=... */
const RESET_PASSWORD_PATH = '/reset-password';

/** POST /api/auth/request-password-reset: emails a reset link. Changes nothing cached. */
function requestPasswordReset(email: string): Promise<unknown> {
  return identityRequest('/request-password-reset', {
    method: 'POST',
    body: JSON.stringify({ email, redirectTo: RESET_PASSWORD_PATH }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
