import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast/toast.ts';
import { MESSAGES } from '@voltline/shared/messages';
import { AuthCard } from '../../../features/accounts/components/auth-card.tsx';
import { ResetPasswordForm } from '../../../features/accounts/components/reset-password-form.tsx';

/** Where the emailed link lands: ?token=... when it is good, ?error=INVALID_TOKEN when used or expired. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const [linkRejected, setLinkRejected] = useState(false);

  const goToLogin = () => {
    toast.success(MESSAGES.passwordChanged);
    void navigate('/login', { replace: true });
  };

  return (
    <AuthCard title="Reset password">
      {token && !searchParams.has('error') && !linkRejected ? (
        <ResetPasswordForm token={token} onPasswordChanged={goToLogin} onLinkRejected={() => setLinkRejected(true)} />
      ) : (
        <div role="alert" className="flex flex-col gap-3">
          <p className="text-error">This password reset link is invalid or has expired.</p>
          <p className="text-sm">Ask for a new one with "forgot password?" on the login page.</p>
          <Link to="/login" className="btn btn-primary">
            Go to login
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
