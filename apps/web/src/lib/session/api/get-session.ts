import type { SessionResponse } from '@voltline/shared/account';
import { apiRequest } from '../../api-client.ts';
import { removeAccessToken, storeAccessToken } from '../access-token.ts';

/** The signed-in identity as the identity service describes it (product.md, "Things the shop keeps": the login session). */
export type SessionUser = NonNullable<SessionResponse['user']>;

/**
 * POST /api/session: who is signed in on this browser, with the shop API token in the same answer
 * (product.md, "States": asked for whenever a signed-in user becomes known), kept as ACCESS_TOKEN
 * and handed to the token-sync server, if the shop has one. One round trip where the identity
 * session and then the token took two (issue 30). Null when nobody is signed in.
 */
export async function getSession(): Promise<SessionUser | null> {
  // A refusal here means the session is not valid for the shop; the caller decides what that means.
  const { user, token } = await apiRequest<SessionResponse>('/session', { method: 'POST', body: '{}', signOutOnAuthFailure: false });
  if (!user || !token) {
    removeAccessToken();
    return null;
  }
  storeAccessToken(token);
  // The sync's code loads when there is something to sync, not with every visitor's first page.
  void import('../token-sync.ts').then(({ syncIssuedToken }) => syncIssuedToken(token));
  return user;
}
