import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface WholeNumberFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  /**
   * register(name, { setValueAs: wholeNumberFromText }), so the form gets a number rather than text,
   * and "1e3" or "2.5" reach the schema as not whole instead of as 1000 or 2.5.
   */
  registration: UseFormRegisterReturn;
  /**
   * An amount of money rather than a count: dollars and cents (19.95), registered with
   * amountFromText, which reads digits with at most one point and refuses anything else in words.
   */
  cents?: boolean;
}

/**
 * A required whole number (a stock, a minimum order quantity) or amount (a price). A text field for
 * digits: a number field would take "1e3" as 1000 without a word, and hand over nothing for what it
 * cannot read.
 */
export function WholeNumberField({ id, label, error, registration, cents = false }: WholeNumberFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          {...registration}
          type="text"
          inputMode={cents ? 'decimal' : 'numeric'}
          autoComplete="off"
          pattern={cents ? '[0-9]*([.][0-9]{1,2})?' : '[0-9]*'}
          required
          className="input w-full"
        />
      )}
    </FormField>
  );
}
