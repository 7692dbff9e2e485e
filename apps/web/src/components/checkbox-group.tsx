import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormMessage } from './form-message.tsx';

interface CheckboxGroupProps<Value extends string> {
  legend: string;
  /** react-hook-form's registration of the field that holds the values checked (an array). */
  registration: UseFormRegisterReturn;
  values: readonly Value[];
  /** Words beside each value, where the value alone (a code such as `orders:read`) does not say enough. */
  descriptions?: Record<Value, string>;
  /** Short values side by side, wrapping, instead of one a line. */
  inline?: boolean;
  error: string | undefined;
}

/** Several values of one field, each a checkbox under a named group (API key scopes, webhook events), the group's error read with it. */
export function CheckboxGroup<Value extends string>({ legend, registration, values, descriptions, inline = false, error }: CheckboxGroupProps<Value>) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={inline ? 'flex flex-wrap gap-x-6 gap-y-2' : 'flex flex-col gap-2'}>
        {values.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input {...registration} type="checkbox" value={value} className="checkbox checkbox-sm" />
            <span className="font-mono">{value}</span>
            {descriptions && <span className="text-base-content/70">{descriptions[value]}</span>}
          </label>
        ))}
      </div>
      {error && <FormMessage id={errorId} message={error} />}
    </fieldset>
  );
}
