import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { checkoutCountries } from '../country-options.ts';
import type { PricingChoiceField } from '../hooks/use-pricing-quote.ts';

interface PricingChoicesFieldsProps {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  fields: Record<PricingChoiceField, UseFormRegisterReturn>;
  /** Each field's message: the form's own check, else the server's refusal of it. */
  messages: Partial<Record<PricingChoiceField, string | undefined>>;
}

/** Where the order goes, a coupon and a business's VAT id: what changes delivery, discounts and VAT (issue 29). */
export function PricingChoicesFields({ idPrefix, fields, messages }: PricingChoicesFieldsProps) {
  return (
    <>
      <FormField id={`${idPrefix}-country`} label="Country" error={messages.country}>
        {(control) => (
          <select {...control} {...fields.country} autoComplete="country" className="select w-full">
            {checkoutCountries().map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-coupon`} label="Coupon code" error={messages.couponCode}>
        {(control) => <input {...control} {...fields.couponCode} autoComplete="off" spellCheck={false} className="input w-full uppercase" />}
      </FormField>
      <FormField id={`${idPrefix}-vat-id`} label="VAT id (businesses)" error={messages.vatId}>
        {(control) => <input {...control} {...fields.vatId} autoComplete="off" spellCheck={false} className="input w-full uppercase" />}
      </FormField>
    </>
  );
}
