import { apiRequest } from '../../api-client.ts';
import { storeAccessToken } from '../access-token.ts';
import { syncIssuedToken } from '../token-sync.ts';

/**
 * PATCH /api/user/{email}: trades the identity cookie for the shop API token (product.md, "States": asked for
 * whenever a signed-in user with an email becomes known), keeps it as ACCESS_TOKEN and hands it
 * to the token-sync server, if the shop has one.
 */
export async function requestAccessToken(email: string): Promise<void> {
  const { token } = await apiRequest<{ token: string }>(`/user/${encodeURIComponent(email)}`, {
    method: 'PATCH',
    body: JSON.stringify({ email }),
    // A refusal here means the session is not valid for the shop; the caller decides what that means.
    signOutOnAuthFailure: false,
  });
  storeAccessToken(token);
  syncIssuedToken(token);
}
