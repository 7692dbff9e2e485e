import { identityRequest } from '../../api-client.ts';

/** POST /api/auth/sign-out: ends the identity session (clears the cookie). */
export function signOutOfIdentity(): Promise<unknown> {
  return identityRequest('/sign-out', { method: 'POST', body: JSON.stringify({}) });
}
