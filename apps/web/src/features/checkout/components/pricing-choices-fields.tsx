import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { CountrySelect } from '../../../components/country-select.tsx';
import type { PricingChoiceField, PricingChoicesInput, PricingQuote } from '../hooks/use-pricing-quote.ts';

interface PricingChoicesFieldsProps<Form extends FieldValues & PricingChoicesInput> {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  /** The form the three fields belong to (the checkout's, the purchase page's). */
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
  /** The quote of the choices: a refusal of one of them shows under its field. */
  pricing: Pick<PricingQuote, 'refusalOf'>;
}

const CHOICES: readonly PricingChoiceField[] = ['country', 'couponCode', 'vatId'];

/** Where the order goes, a coupon and a business's VAT id: what changes delivery, discounts and VAT (issue 29). */
export function PricingChoicesFields<Form extends FieldValues & PricingChoicesInput>({ idPrefix, register, errors, pricing }: PricingChoicesFieldsProps<Form>) {
  const fields = Object.fromEntries(CHOICES.map((choice) => [choice, register(choice as Path<Form>)])) as Record<PricingChoiceField, ReturnType<typeof register>>;
  // Each field's message: the form's own check, else the server's refusal of it.
  const ownErrors = errors as FieldErrors<PricingChoicesInput>;
  const messages = Object.fromEntries(CHOICES.map((choice) => [choice, ownErrors[choice]?.message ?? pricing.refusalOf(choice)])) as Record<
    PricingChoiceField,
    string | undefined
  >;
  return (
    <>
      <FormField id={`${idPrefix}-country`} label="Country" error={messages.country}>
        {(control) => <CountrySelect {...control} {...fields.country} autoComplete="country" />}
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
