import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterForm } from '@voltline/shared/account';
import { identityRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/session-query.ts';

type NewAccount = Pick<RegisterForm, 'name' | 'email' | 'password'>;

/** POST /api/auth/sign-up/email: creates the account and signs it in (the cookie is set). */
function signUpWithEmail(account: NewAccount): Promise<unknown> {
  return identityRequest('/sign-up/email', { method: 'POST', body: JSON.stringify(account) });
}

export function useSignUpWithEmail() {
  const queryClient = useQueryClient();
  // The new account is signed in: reloading the session exchanges its shop token too.
  return useMutation({ mutationFn: signUpWithEmail, onSuccess: () => refreshSession(queryClient) });
}
