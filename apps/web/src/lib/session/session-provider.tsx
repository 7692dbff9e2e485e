import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { MESSAGES } from '@voltline/shared/messages';
import { registerAuthFailureHandler } from '../api-client.ts';
import { toast } from '../toast/toast.ts';
import { removeAccessToken } from './access-token.ts';
import { clearAllDrafts } from './session-drafts.ts';
import { signOutOfIdentity } from './api/sign-out.ts';
import { SessionContext, type Session } from './session-context.ts';
import { sessionKey } from '../query-keys.ts';
import { sessionQueryOptions } from './session-query.ts';

interface SessionProviderProps {
  children: ReactNode;
  /**
   * Where to go when the server rejects the token (product.md, "What the shop says": /home), settled
   * once the new page is on screen. Passed in so this stays router-independent.
   */
  onSignedOutByServer: () => Promise<void>;
}

export function SessionProvider({ children, onSignedOutByServer }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const sessionQuery = useQuery(sessionQueryOptions);
  // Several calls can fail with 401 at once; they share one sign-out.
  const signOutInFlight = useRef<Promise<void> | null>(null);

  /** Signs out; `leaving` is a way off the page under way, which the page is left by before it hears of the sign-out. */
  const signOut = useCallback((leaving?: Promise<void>): Promise<void> => {
    signOutInFlight.current ??= (async () => {
      removeAccessToken();
      // What was typed into forms (the checkout's address) is the leaving user's too.
      clearAllDrafts();
      // Loaded with the first sync (get-session.ts) or now; syncs keep their order either way.
      void import('./token-sync.ts').then(({ syncSignOut }) => syncSignOut());
      // A login-only page that heard of it first would send the user to /login instead, and its
      // navigation would overtake the one home while the home page's code is still loading.
      await leaving?.catch(() => undefined);
      // The page is signed out at once, before the identity service answers: a query of the account
      // (the navbar's cart) that started meanwhile would go out without a token and be refused.
      queryClient.setQueryData(sessionKey, null);
      // Everything else cached (profile, admin answer, orders) may belong to the user who just left.
      // The session entry itself stays, so its observer sees the null above.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      // Even if the identity service cannot be reached, this browser forgets the user.
      await signOutOfIdentity().catch(() => undefined);
    })().finally(() => {
      signOutInFlight.current = null;
    });
    return signOutInFlight.current;
  }, [queryClient]);

  useEffect(
    () =>
      registerAuthFailureHandler(() => {
        // A refusal that arrives once this browser has signed out (a query of the account that was
        // already on its way) has nothing left to end: no second sign-out, no second word.
        if (!signOutInFlight.current && queryClient.getQueryData(sessionKey) === null) return;
        if (signOutInFlight.current) return;
        // Said once, however many calls were refused together: a sign-out without a word reads as a fault.
        toast.info(MESSAGES.sessionEnded);
        void signOut(onSignedOutByServer());
      }),
    [onSignedOutByServer, queryClient, signOut],
  );

  const user = sessionQuery.data ?? null;
  const status = sessionQuery.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
  const session = useMemo<Session>(() => ({ status, user, signOut }), [status, user, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
