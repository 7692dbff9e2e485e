import { useWatch } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordForm } from '@voltline/shared/account';
import { MESSAGES } from '@voltline/shared/messages';
import { ApiRequestError, describeRequestError } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The identity service's refusals, in the shop's words; the server's own (the rules, limits) already are. */
function describePasswordChangeError(error: unknown): string {
  const code = error instanceof ApiRequestError ? error.code : '';
  if (code === 'invalid_password') return 'Your current password is not right.';
  if (code === 'credential_account_not_found') return 'You sign in with Google, GitHub or Facebook: this account has no password to change.';
  return describeRequestError(error);
}

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, control, errors } = useZodForm(changePasswordFormSchema, { currentPassword: '', password: '', confirmPassword: '' });
  const password = useWatch({ control, name: 'password' });
  const changePassword = useChangePassword();

  const saveNewPassword = ({ currentPassword, password: newPassword }: ChangePasswordForm) =>
    mutateThenToast(changePassword, { currentPassword, newPassword }, MESSAGES.passwordUpdated, onClose);

  return (
    <FormDialog
      title="Change password"
      onClose={onClose}
      submitLabel="Change password"
      onSubmit={handleSubmit(saveNewPassword)}
      mutations={[changePassword]}
      describeError={describePasswordChangeError}
    >
      <FormField id="change-current-password" label="Current password" error={errors.currentPassword?.message}>
        {(field) => <input {...field} {...register('currentPassword')} type="password" autoComplete="current-password" className="input w-full" />}
      </FormField>
      <NewPasswordFields idPrefix="change" register={register} password={password} errors={errors} />
    </FormDialog>
  );
}
