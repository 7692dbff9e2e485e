import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@voltline/shared/messages';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useIsAdmin } from '../../lib/session/api/get-admin-status.ts';
import { useSession } from '../../lib/session/session-context.ts';

/**
 * Admin-only pages (product.md, "Who may do what"). Signed-out visitors go to /login, as the spec says, and come back here
 * afterwards. A signed-in customer would only meet a login form they have already passed, so they
 * are told the page is not theirs and shown the way home.
 */
export function RequireAdmin() {
  const { status } = useSession();
  const location = useLocation();
  const { isAdmin, isPending } = useIsAdmin();
  if (status === 'loading' || (status === 'signed-in' && isPending)) {
    return <LoadingSpinner label="Checking your access" className="py-24" />;
  }
  if (status === 'signed-out') return <Navigate to="/login" state={{ from: location }} replace />;
  if (!isAdmin) {
    return (
      <section className="flex flex-col items-start gap-4 py-12">
        <h2 className="text-2xl font-bold">{MESSAGES.adminsOnly}</h2>
        <p>Your account can see its own orders, reviews and profile, but not the shop's back office.</p>
        <Link to="/home" className="btn btn-primary">
          Back to home
        </Link>
      </section>
    );
  }
  return <Outlet />;
}
