import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

interface NewPasswordFieldsProps {
  idPrefix: string;
  /** "New password" and its confirmation unless given (signing up asks for a "Password"). */
  labels?: { password: string; confirmPassword: string };
  /** The form's `register`: every new-password form names its fields as the shared schemas do. */
  register: (name: 'password' | 'confirmPassword') => UseFormRegisterReturn;
  /** The password as typed, for the live checklist. */
  password: string;
  /** The form's validation errors (react-hook-form's `formState.errors`). */
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
}

const NEW_PASSWORD_LABELS = { password: 'New password', confirmPassword: 'Confirm new password' };

/** Choosing a password (register, reset, My Profile): show/hide toggle, confirmation and the live rule checklist. */
export function NewPasswordFields({ idPrefix, labels = NEW_PASSWORD_LABELS, register, password, errors }: NewPasswordFieldsProps) {
  const [passwordShown, setPasswordShown] = useState(false);
  const inputType = passwordShown ? 'text' : 'password';
  const checklistId = `${idPrefix}-password-rules`;
  const toggle = (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={passwordShown ? 'Hide password' : 'Show password'}
      aria-controls={`${idPrefix}-password`}
      onClick={() => setPasswordShown((shown) => !shown)}
    >
      {passwordShown ? 'Hide' : 'Show'}
    </button>
  );
  return (
    <>
      <FormField id={`${idPrefix}-password`} label={labels.password} error={errors.password?.message} describedBy={checklistId} trailing={toggle}>
        {(control) => <input {...control} {...register('password')} type={inputType} autoComplete="new-password" className="input w-full" />}
      </FormField>
      <PasswordChecklist id={checklistId} password={password} />
      <FormField id={`${idPrefix}-confirm-password`} label={labels.confirmPassword} error={errors.confirmPassword?.message}>
        {(control) => <input {...control} {...register('confirmPassword')} type={inputType} autoComplete="new-password" className="input w-full" />}
      </FormField>
    </>
  );
}
