import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@voltline/shared/account';
import { identityRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/session-query.ts';

/** What the password step answers: a session, or, for an account with two-step sign-in, the request for its code. */
interface PasswordStep {
  twoFactorRedirect?: boolean;
}

/** POST /api/auth/sign-in/email: sets the session cookie, or the cookie of the second step (decision 062). */
function signInWithEmail(credentials: LoginForm): Promise<PasswordStep | null> {
  return identityRequest<PasswordStep | null>('/sign-in/email', { method: 'POST', body: JSON.stringify(credentials) });
}

export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  // The session changed: reloading it also exchanges the shop token before the caller moves on.
  return useMutation({ mutationFn: signInWithEmail, onSuccess: () => refreshSession(queryClient) });
}
