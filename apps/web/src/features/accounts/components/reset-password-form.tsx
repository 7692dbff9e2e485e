import { useWatch } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetPasswordFields } from '@voltline/shared/account';
import { ApiRequestError, refusalOf } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

interface ResetPasswordFormProps {
  token: string;
  onPasswordChanged: () => void;
  /** The link was used or expired: the page shows its own explanation instead of the form. */
  onLinkRejected: () => void;
}

/** The link was used or has expired: the page explains that, so the form shows no refusal of its own. */
const isRejectedLink = (error: unknown) => error instanceof ApiRequestError && error.code.toLowerCase() === 'invalid_token';

export function ResetPasswordForm({ token, onPasswordChanged, onLinkRejected }: ResetPasswordFormProps) {
  const { register, handleSubmit, control, errors } = useZodForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const password = useWatch({ control, name: 'password' });
  const resetPassword = useResetPassword();

  const saveNewPassword = ({ password: newPassword }: ResetPasswordFields) =>
    resetPassword.mutate(
      { token, newPassword },
      {
        onSuccess: onPasswordChanged,
        onError: (error) => {
          if (isRejectedLink(error)) onLinkRejected();
        },
      },
    );

  return (
    <form onSubmit={handleSubmit(saveNewPassword)} noValidate aria-label="Reset password" className="flex flex-col gap-4">
      <NewPasswordFields idPrefix="reset" register={register} password={password} errors={errors} />
      <PendingButton type="submit" className="btn btn-primary" pending={resetPassword.isPending}>
        Reset password
      </PendingButton>
      <FormMessage message={isRejectedLink(resetPassword.error) ? null : refusalOf(resetPassword)} />
    </form>
  );
}
