import { Navigate, Outlet } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useIsAdmin } from '../../lib/session/api/get-admin-status.ts';
import { useSession } from '../../lib/session/session-context.ts';

/** Admin-only pages (spec 6): anyone the server does not call an admin goes to /login. */
export function RequireAdmin() {
  const { status } = useSession();
  const { isAdmin, isPending } = useIsAdmin();
  if (status === 'loading' || isPending) return <LoadingSpinner label="Checking your access" className="py-24" />;
  if (!isAdmin) return <Navigate to="/login" replace />;
  return <Outlet />;
}
