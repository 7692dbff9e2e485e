import { useWatch } from 'react-hook-form';
import { registerFormSchema, type RegisterForm as RegisterFields } from '@voltline/shared/account';
import { refusalOf } from '../../../lib/api-client.ts';
import { TextField } from '../../../components/text-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useSignUpWithEmail } from '../api/sign-up-with-email.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

const emptyAccount: RegisterFields = { name: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { register, handleSubmit, control, errors } = useZodForm(registerFormSchema, emptyAccount);
  const password = useWatch({ control, name: 'password' });
  const signUp = useSignUpWithEmail();

  const createAccount = ({ name, email, password: chosenPassword }: RegisterFields) =>
    signUp.mutate({ name, email, password: chosenPassword }, { onSuccess: onRegistered });

  return (
    <form onSubmit={handleSubmit(createAccount)} noValidate aria-label="Register" className="flex flex-col gap-4">
      <TextField id="register-name" label="Name" error={errors.name?.message} registration={register('name')} type="text" autoComplete="name" />
      <TextField id="register-email" label="Email" error={errors.email?.message} registration={register('email')} type="email" autoComplete="email" />
      <NewPasswordFields idPrefix="register" labels={{ password: 'Password', confirmPassword: 'Confirm password' }} register={register} password={password} errors={errors} />
      <PendingButton type="submit" className="btn btn-primary" pending={signUp.isPending}>
        Register
      </PendingButton>
      <FormMessage message={refusalOf(signUp)} />
    </form>
  );
}
