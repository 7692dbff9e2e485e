import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/accounts/components/auth-card.tsx';
import { RegisterForm } from '../../../features/accounts/components/register-form.tsx';
import { SocialSignInButtons } from '../../../features/accounts/components/social-sign-in-buttons.tsx';

export function RegisterPage() {
  const navigate = useNavigate();
  // product.md, "Screens": a new account starts at /home.
  const goHome = useCallback(() => void navigate('/home', { replace: true }), [navigate]);
  return (
    <AuthCard title="Register">
      <RegisterForm onRegistered={goHome} />
      <SocialSignInButtons onSignedIn={goHome} />
      <p className="text-center text-sm">
        <Link to="/login" className="link font-medium">
          already have an account?
        </Link>
      </p>
    </AuthCard>
  );
}
