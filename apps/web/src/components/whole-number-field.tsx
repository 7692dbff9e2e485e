import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface WholeNumberFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  min: number;
  /** register(name, { valueAsNumber: true }), so the form gets a number rather than text. */
  registration: UseFormRegisterReturn;
}

/** A required whole number (a stock, a minimum order quantity, a price). */
export function WholeNumberField({ id, label, error, min, registration }: WholeNumberFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input {...control} {...registration} type="number" inputMode="numeric" min={min} step={1} required className="input w-full" />
      )}
    </FormField>
  );
}
