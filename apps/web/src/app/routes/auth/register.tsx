import { Link } from 'react-router';
import { AuthCard } from '../../../features/accounts/components/auth-card.tsx';
import { RegisterForm } from '../../../features/accounts/components/register-form.tsx';
import { SocialSignInButtons } from '../../../features/accounts/components/social-sign-in-buttons.tsx';
import { useReturnToOrigin } from '../../../features/accounts/hooks/use-return-to-origin.ts';

export function RegisterPage() {
  // product.md, "Screens": a new account starts at /home, or goes back to the purchase (or other
  // login-only page) that sent the visitor to log in.
  const { returnToOrigin, withWayBack } = useReturnToOrigin('/home');
  return (
    <AuthCard title="Register">
      <RegisterForm onRegistered={returnToOrigin} />
      <SocialSignInButtons onSignedIn={returnToOrigin} />
      <p className="text-center text-sm">
        <Link to={withWayBack('/login')} className="link font-medium">
          already have an account?
        </Link>
      </p>
    </AuthCard>
  );
}
