import { useState } from 'react';
import { toast } from '../../../lib/toast/toast.ts';
import { useTakenOver } from '../../../lib/use-taken-over.ts';
import { loginFormSchema, type LoginForm as LoginFields } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import { refusalOf } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/text-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignInWithEmail } from '../api/sign-in-with-email.ts';
import { describePasswordResetError, describeSignInError } from '../sign-in-errors.ts';
import { SignInCodeForm } from './sign-in-code-form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';


export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { register, handleSubmit, getValues, setError, clearErrors, errors } = useZodForm(loginFormSchema, { email: '', password: '' });
  const signIn = useSignInWithEmail();
  // The password was right and the account has two-step sign-in: its code comes next.
  const [askingCode, setAskingCode] = useState(false);
  const requestReset = useRequestPasswordReset();
  // The server renders this form (the login page). Pressed before the app has taken it over, Login
  // would go out as a plain form, the password in the address, and "forgot password?" would do
  // nothing at all (a click lost, no link sent): until then both buttons wait.
  const takenOver = useTakenOver();

  // One refusal at a time: the sign-in's own (its mutation clears it as it starts), or the reset link's.
  const logIn = (credentials: LoginFields) => {
    requestReset.reset();
    signIn.mutate(credentials, { onSuccess: (step) => (step?.twoFactorRedirect ? setAskingCode(true) : onSignedIn()) });
  };
  const refusal = refusalOf(signIn, describeSignInError) ?? refusalOf(requestReset, describePasswordResetError);

  // product.md, "Rules for what people type": the reset link goes to the address in the email field, and only when asked for.
  // One refusal at a time, beside the field it is about: the reset needs only the email, so the
  // login's own errors (an empty password) and an earlier refusal go.
  const sendResetLink = () => {
    signIn.reset();
    requestReset.reset();
    clearErrors();
    const typed = getValues('email');
    const email = loginFormSchema.shape.email.safeParse(typed);
    if (!email.success) {
      const message = typed.trim() ? (email.error.issues[0]?.message ?? 'Enter a valid email') : 'Enter your email first';
      setError('email', { message }, { shouldFocus: true });
      return;
    }
    requestReset.mutate(email.data, { onSuccess: () => toast.success(MESSAGES.passwordResetSent) });
  };

  if (askingCode) return <SignInCodeForm onSignedIn={onSignedIn} />;

  return (
    <form onSubmit={handleSubmit(logIn)} noValidate aria-label="Login" className="flex flex-col gap-4">
      <TextField id="login-email" label="Email" error={errors.email?.message} registration={register('email')} type="email" autoComplete="email" />
      <TextField id="login-password" label="Password" error={errors.password?.message} registration={register('password')} type="password" autoComplete="current-password" />
      <button
        type="button"
        className="link link-hover self-start text-sm"
        onClick={sendResetLink}
        disabled={!takenOver || requestReset.isPending}
      >
        forgot password?
      </button>
      <PendingButton type="submit" className="btn btn-primary" pending={signIn.isPending} disabled={!takenOver}>
        Login
      </PendingButton>
      <FormMessage message={refusal} />
    </form>
  );
}
