import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session-context.ts';
import { useTakenOver } from '../../lib/use-taken-over.ts';

/**
 * The part of a login-only page that belongs to the caller (the purchase form), on a page whose
 * public part the server renders (issue 30). The server has sent a visitor without a session to
 * /login already; here, in the browser, the part shows once the session is known, and a visitor
 * whose session ended meanwhile goes to /login as RequireAuth sends them. Until then, and while the
 * app takes the server's page over, `placeholder` holds its place, as the server drew it.
 */
export function SignedInPart({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const takenOver = useTakenOver();
  if (!takenOver || status === 'loading') return placeholder;
  if (status === 'signed-out') return <Navigate to="/login" state={{ from: location }} replace />;
  return children;
}
