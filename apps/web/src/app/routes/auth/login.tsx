import { Link } from 'react-router';
import { AuthCard } from '../../../features/accounts/components/auth-card.tsx';
import { LoginForm } from '../../../features/accounts/components/login-form.tsx';
import { SocialSignInButtons } from '../../../features/accounts/components/social-sign-in-buttons.tsx';
import { useLandingAfterSignIn } from '../../../features/accounts/hooks/use-landing-after-sign-in.ts';
import { useReturnToOrigin } from '../../../features/accounts/hooks/use-return-to-origin.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { useTakenOver } from '../../../lib/use-taken-over.ts';
import { loginPageHead } from './login-head.ts';

export function LoginPage() {
  const { returnToOrigin, reason, withWayBack } = useReturnToOrigin(useLandingAfterSignIn());
  // The reason comes from the history's state, which the server cannot see.
  const takenOver = useTakenOver();
  useDocumentHead(loginPageHead);
  return (
    <AuthCard title="Login">
      {takenOver && reason && (
        // The soft alert's blue text on its blue tint reads at 3.2:1; the page's own text colour passes 4.5:1 (issue 43).
        <p role="status" className="alert alert-info alert-soft text-sm text-base-content">
          {reason}
        </p>
      )}
      <LoginForm onSignedIn={returnToOrigin} />
      <SocialSignInButtons onSignedIn={returnToOrigin} />
      <p className="text-center text-sm">
        New to Voltline?{' '}
        {/* The way back goes along, so a new account returns to where the visitor was going. */}
        <Link to={withWayBack('/register')} className="link font-medium">
          create a new account...
        </Link>
      </p>
    </AuthCard>
  );
}
