import { apiRequest } from '../../api-client.ts';
import { storeAccessToken } from '../access-token.ts';

/**
 * PATCH /api/user/{email}: trades the identity cookie for the shop API token (spec 4: asked for
 * whenever a signed-in user with an email becomes known) and keeps it as ACCESS_TOKEN.
 */
export async function requestAccessToken(email: string): Promise<void> {
  const { token } = await apiRequest<{ token: string }>(`/user/${encodeURIComponent(email)}`, {
    method: 'PATCH',
    body: JSON.stringify({ email }),
    // A refusal here means the session is not valid for the shop; the caller decides what that means.
    signOutOnAuthFailure: false,
  });
  storeAccessToken(token);
}
