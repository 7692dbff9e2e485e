import { useLayoutEffect, useRef } from 'react';
import { FormField } from '../../../components/form-field.tsx';

interface QuantityFieldProps {
  id: string;
  /** What the field is called when "Quantity" alone would not tell several apart ("Quantity of DD-18 Drill"). */
  name?: string;
  /** The minimum order, and the most that can be ordered: the arrows stay within them. */
  minimum: number;
  maximum: number;
  text: string;
  onText: (text: string) => void;
  error: string | null;
  disabled?: boolean;
}

/**
 * A cart quantity: a number field bounded by the tool's limits. What it holds is read with
 * wholeNumberFromText and checked by the cart's rules, so "1e3" or "2.5" are refused in words.
 */
export function QuantityField({ id, name, minimum, maximum, text, onText, error, disabled = false }: QuantityFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered page (the tool page) a visitor can type before the app has taken the page
  // over: React leaves the typed value in the field while it takes over, but the next render would
  // draw the app's own value over it. The field's first render in the browser adopts what was typed.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) onText(typed);
    // Once, when the field first appears: later the field's value is the app's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormField id={id} label="Quantity" error={error ?? undefined}>
      {(control) => (
        <input
          {...control}
          ref={input}
          type="number"
          inputMode="numeric"
          min={minimum}
          max={Math.max(maximum, minimum)}
          step={1}
          value={text}
          onChange={(event) => onText(event.target.value)}
          disabled={disabled}
          aria-label={name}
          className="input w-24"
        />
      )}
    </FormField>
  );
}
