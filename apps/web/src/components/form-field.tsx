import type { ReactNode } from 'react';
import { FormMessage } from './form-message.tsx';

/** What a control needs so screen readers announce its label, hints and validation message. */
interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  /** Ids of further descriptions of the control (a hint, a checklist). */
  describedBy?: string;
  /** Sits beside the control, e.g. a show-password button. */
  trailing?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A visible label tied to its control, with the validation message under it. */
export function FormField({ id, label, error, describedBy, trailing, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const descriptions = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  const control = children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': descriptions || undefined });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {trailing ? (
        <div className="flex items-center gap-2">
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
      {error && <FormMessage id={errorId} message={error} />}
    </div>
  );
}
