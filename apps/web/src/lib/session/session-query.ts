import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api-client.ts';
import { sessionKey } from '../query-keys.ts';
import { removeAccessToken } from './access-token.ts';
import { getSession, type SessionUser } from './api/get-session.ts';
import { signOutOfIdentity } from './api/sign-out.ts';

/**
 * Who is signed in, with the shop token issued in the same answer: loading the session is the one
 * place a signed-in user "becomes known" (app load, after login, register or a social popup).
 */
async function loadSignedInUser(): Promise<SessionUser | null> {
  try {
    return await getSession();
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      // The shop refuses this identity: end the identity session too, so both agree the user is signed out.
      removeAccessToken();
      await signOutOfIdentity().catch(() => undefined);
      return null;
    }
    throw error;
  }
}

/** The answer asked for before the app rendered (askSessionEarly), taken by the session query's first run. */
let earlyAnswer: Promise<SessionUser | null> | undefined;

/**
 * Asks who is signed in at once, while the page's code loads and the app takes the server's page
 * over, instead of after its first render; the answer waits here and enters the query cache only
 * when the session query first runs, so the first render still matches the server's HTML.
 */
export function askSessionEarly(): void {
  earlyAnswer = loadSignedInUser();
  earlyAnswer.catch(() => undefined);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey,
  queryFn: () => {
    const answer = earlyAnswer ?? loadSignedInUser();
    earlyAnswer = undefined;
    return answer;
  },
  // The session changes only through this app's own actions, which refresh it explicitly.
  staleTime: Infinity,
});

/**
 * Reloads the session after a sign-in (which changes it) and answers who is signed in now.
 * A refetch rather than a fetch, so an older load still in flight cannot answer for the new sign-in.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.refetchQueries({ queryKey: sessionKey, exact: true }, { throwOnError: true });
  return queryClient.getQueryData(sessionKey) ?? null;
}
