import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useSession } from '../../lib/session/session-context.ts';

/** Login-only pages (product.md, "Who may do what"): signed-out visitors go to /login, which sends them back here afterwards. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingSpinner label="Checking your session" className="py-24" />;
  if (status === 'signed-out') return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}
