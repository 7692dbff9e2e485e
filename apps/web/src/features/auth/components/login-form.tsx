import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast/toast.ts';
import { loginFormSchema, type LoginForm as LoginFields } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignInWithEmail } from '../api/sign-in-with-email.ts';
import { describePasswordResetError, describeSignInError } from '../sign-in-errors.ts';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginFields>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });
  const signIn = useSignInWithEmail();
  const requestReset = useRequestPasswordReset();
  const [refusal, setRefusal] = useState<string | null>(null);

  const logIn = (credentials: LoginFields) => {
    setRefusal(null);
    signIn.mutate(credentials, { onSuccess: onSignedIn, onError: (error) => setRefusal(describeSignInError(error)) });
  };

  // Spec 5: the reset link goes to the address in the email field, and only when asked for.
  const sendResetLink = () => {
    const email = getValues('email').trim();
    if (!email) {
      setRefusal('Enter your email first');
      return;
    }
    setRefusal(null);
    requestReset.mutate(email, {
      onSuccess: () => toast.success(MESSAGES.passwordResetSent),
      onError: (error) => setRefusal(describePasswordResetError(error)),
    });
  };

  return (
    <form onSubmit={handleSubmit(logIn)} noValidate aria-label="Login" className="flex flex-col gap-4">
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" className="input w-full" />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="current-password" className="input w-full" />
        )}
      </FormField>
      <button
        type="button"
        className="link link-hover self-start text-sm"
        onClick={sendResetLink}
        disabled={requestReset.isPending}
      >
        forgot password?
      </button>
      <PendingButton type="submit" className="btn btn-primary" pending={signIn.isPending}>
        Login
      </PendingButton>
      <FormMessage message={refusal} />
    </form>
  );
}
