import { Link, Navigate, useLocation } from 'react-router';
import { TWO_FACTOR_MESSAGES } from '@voltline/shared/two-factor';
import { useTwoFactorStatus } from '../api/two-factor.ts';

/** Where an admin turns it on: their own profile. */
const ENROL_PAGE = '/dashboard/profile';

/**
 * Above every dashboard page, for an admin without two-step sign-in (decision 062): while the
 * shop requires it (ADMIN_TWO_FACTOR=required) they are sent to My Profile to turn it on, the
 * server refusing them the admin's pages meanwhile; otherwise a reminder.
 */
export function TwoFactorNotice() {
  const status = useTwoFactorStatus();
  const { pathname } = useLocation();
  if (!status.data?.staff || status.data.enabled) return null;
  if (status.data.policy === 'required') {
    if (pathname !== ENROL_PAGE) return <Navigate to={ENROL_PAGE} replace />;
    return (
      <p role="alert" className="alert alert-warning mb-4">
        {TWO_FACTOR_MESSAGES.required}
      </p>
    );
  }
  return (
    <p role="status" className="alert alert-info alert-soft mb-4 text-base-content">
      <span>
        {TWO_FACTOR_MESSAGES.reminder}{' '}
        {pathname !== ENROL_PAGE && (
          <Link to={ENROL_PAGE} className="link font-medium">
            Go to My Profile
          </Link>
        )}
      </span>
    </p>
  );
}
