import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error: string | undefined;
  /** react-hook-form's `register(name)` of the field. */
  registration: UseFormRegisterReturn;
  /** Ids of further descriptions of the input (a hint, a checklist). */
  describedBy?: string;
  /** Sits beside the input, e.g. a show-password button. */
  trailing?: ReactNode;
}

/** A form's input with its label and validation message (FormField), registered with react-hook-form. */
export function TextField({ id, label, error, registration, describedBy, trailing, className = 'input w-full', ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} describedBy={describedBy} trailing={trailing}>
      {(control) => <input {...control} {...registration} {...input} className={className} />}
    </FormField>
  );
}
