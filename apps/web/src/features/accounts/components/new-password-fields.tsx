import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirmPassword: string };
  passwordField: UseFormRegisterReturn;
  confirmPasswordField: UseFormRegisterReturn;
  /** The password as typed, for the live checklist. */
  password: string;
  errors: { password?: string; confirmPassword?: string };
}

/** Choosing a password (register, reset, My Profile): show/hide toggle, confirmation and the live rule checklist. */
export function NewPasswordFields({ idPrefix, labels, passwordField, confirmPasswordField, password, errors }: NewPasswordFieldsProps) {
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
      <FormField id={`${idPrefix}-password`} label={labels.password} error={errors.password} describedBy={checklistId} trailing={toggle}>
        {(control) => <input {...control} {...passwordField} type={inputType} autoComplete="new-password" className="input w-full" />}
      </FormField>
      <PasswordChecklist id={checklistId} password={password} />
      <FormField id={`${idPrefix}-confirm-password`} label={labels.confirmPassword} error={errors.confirmPassword}>
        {(control) => <input {...control} {...confirmPasswordField} type={inputType} autoComplete="new-password" className="input w-full" />}
      </FormField>
    </>
  );
}
