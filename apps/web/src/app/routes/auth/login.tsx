import { Link } from 'react-router';
import { AuthCard } from '../../../features/accounts/components/auth-card.tsx';
import { LoginForm } from '../../../features/accounts/components/login-form.tsx';
import { SocialSignInButtons } from '../../../features/accounts/components/social-sign-in-buttons.tsx';
import { useReturnToOrigin } from '../../../features/accounts/hooks/use-return-to-origin.ts';
import { useDocumentHead } from '../../../lib/page-head/use-document-head.ts';
import { loginPageHead } from './login-head.ts';

export function LoginPage() {
  const returnToOrigin = useReturnToOrigin();
  useDocumentHead(loginPageHead);
  return (
    <AuthCard title="Login">
      <LoginForm onSignedIn={returnToOrigin} />
      <SocialSignInButtons onSignedIn={returnToOrigin} />
      <p className="text-center text-sm">
        New to Voltline?{' '}
        <Link to="/register" className="link font-medium">
          create a new account...
        </Link>
      </p>
    </AuthCard>
  );
}
