import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginForm } from '@voltline/shared/account';
import { identityRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/session-query.ts';

/** POST /api/auth/sign-in/email: sets the session cookie. */
function signInWithEmail(credentials: LoginForm): Promise<unknown> {
  return identityRequest('/sign-in/email', { method: 'POST', body: JSON.stringify(credentials) });
}

export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  // The session changed: reloading it also exchanges the shop token before the caller moves on.
  return useMutation({ mutationFn: signInWithEmail, onSuccess: () => refreshSession(queryClient) });
}
