import { createContext, useContext } from 'react';
import type { SessionUser } from './api/get-session.ts';

type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  /** Null unless status is 'signed-in'. */
  user: SessionUser | null;
  /** Logout: ends the identity session, removes ACCESS_TOKEN and forgets cached user data. */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
