import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@voltline/shared/messages';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useStaffRoles } from '../../lib/session/api/get-admin-status.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { backOfficePageAt } from '../layout/back-office-pages.ts';

/**
 * Back-office pages (product.md, "Who may do what"), each open to the staff whose roles hold its
 * permission (back-office-pages.ts, decision 063). Signed-out visitors go to /login, as the spec says,
 * and come back here afterwards. A signed-in customer would only meet a login form they have already
 * passed, so they are told the page is not theirs and shown the way home; staff, that their roles do
 * not open it.
 */
export function RequireStaff() {
  const { status } = useSession();
  const location = useLocation();
  const { roles, may, isPending } = useStaffRoles();
  if (status === 'loading' || (status === 'signed-in' && isPending)) {
    return <LoadingSpinner label="Checking your access" className="py-24" />;
  }
  if (status === 'signed-out') return <Navigate to="/login" state={{ from: location }} replace />;
  // A page missing from the list is the admins' alone.
  const permission = backOfficePageAt(location.pathname)?.permission ?? 'team';
  if (!may(permission)) {
    const staff = roles.length > 0;
    return (
      <section className="flex flex-col items-start gap-4 py-12">
        <h2 className="text-2xl font-bold">{staff ? MESSAGES.notYourRolesPage : MESSAGES.adminsOnly}</h2>
        <p>{staff ? 'The dashboard menu lists the pages your roles open; an admin gives roles on the Team page.' : "Your account can see its own orders, reviews and profile, but not the shop's back office."}</p>
        <Link to={staff ? '/dashboard' : '/home'} className="btn btn-primary">
          {staff ? 'Back to the dashboard' : 'Back to home'}
        </Link>
      </section>
    );
  }
  return <Outlet />;
}
