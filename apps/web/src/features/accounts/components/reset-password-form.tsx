import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetPasswordFields } from '@voltline/shared/account';
import { ApiRequestError, describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface ResetPasswordFormProps {
  token: string;
  onPasswordChanged: () => void;
  /** The link was used or expired: the page shows its own explanation instead of the form. */
  onLinkRejected: () => void;
}

export function ResetPasswordForm({ token, onPasswordChanged, onLinkRejected }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFields>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const resetPassword = useResetPassword();
  const [refusal, setRefusal] = useState<string | null>(null);

  const saveNewPassword = ({ password: newPassword }: ResetPasswordFields) => {
    setRefusal(null);
    resetPassword.mutate(
      { token, newPassword },
      {
        onSuccess: onPasswordChanged,
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code.toLowerCase() === 'invalid_token') onLinkRejected();
          else setRefusal(describeRequestError(error));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit(saveNewPassword)} noValidate aria-label="Reset password" className="flex flex-col gap-4">
      <NewPasswordFields
        idPrefix="reset"
        labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
        passwordField={register('password')}
        confirmPasswordField={register('confirmPassword')}
        password={password}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <PendingButton type="submit" className="btn btn-primary" pending={resetPassword.isPending}>
        Reset password
      </PendingButton>
      <FormMessage message={refusal} />
    </form>
  );
}
