import type { z } from 'zod';
import { businessAccountApplicationSchema, type BusinessAccount } from '@voltline/shared/business-accounts';
import { CountrySelect } from '../../../components/country-select.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import type { useApplyForBusinessAccount } from '../api/own-business-account.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type ApplicationForm = z.input<typeof businessAccountApplicationSchema>;
type ApplicationOutput = z.output<typeof businessAccountApplicationSchema>;

const TEXT_FIELDS = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization' },
  { name: 'vatId', label: 'VAT id', autoComplete: 'off' },
  { name: 'billingStreet', label: 'Street and number', autoComplete: 'billing street-address' },
  { name: 'billingPostcode', label: 'Postcode', autoComplete: 'billing postal-code' },
  { name: 'billingCity', label: 'City', autoComplete: 'billing address-level2' },
] as const;

/** Starts from the application refused or waiting, so that applying again changes only what was wrong. */
const valuesOf = (account: BusinessAccount | null, shopCountry: string): ApplicationForm => ({
  companyName: account?.companyName ?? '',
  vatId: account?.vatId ?? '',
  billingStreet: account?.billingStreet ?? '',
  billingPostcode: account?.billingPostcode ?? '',
  billingCity: account?.billingCity ?? '',
  billingCountry: account?.billingCountry ?? shopCountry,
  note: account?.note ?? '',
});

interface BusinessAccountFormProps {
  account: BusinessAccount | null;
  shopCountry: string;
  /** The card's: the form is gone once the application waits, and the card still says so. */
  apply: ReturnType<typeof useApplyForBusinessAccount>;
  onApply: (application: ApplicationOutput) => void;
}

/** A customer's application for a business account (issue 39): the company, its VAT id and billing address, a note. */
export function BusinessAccountForm({ account, shopCountry, apply, onApply }: BusinessAccountFormProps) {
  const { register, handleSubmit, errors } = useZodForm(businessAccountApplicationSchema, valuesOf(account, shopCountry));
  return (
    <form onSubmit={handleSubmit(onApply)} noValidate aria-label="Apply for a business account" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <FormField key={field.name} id={`business-${field.name}`} label={field.label} error={errors[field.name]?.message}>
            {(control) => <input {...control} {...register(field.name)} required autoComplete={field.autoComplete} className="input w-full" />}
          </FormField>
        ))}
        <FormField id="business-billingCountry" label="Country" error={errors.billingCountry?.message}>
          {(control) => <CountrySelect {...control} {...register('billingCountry')} autoComplete="billing country" />}
        </FormField>
      </div>
      <FormField id="business-note" label="Note to the shop (optional)" error={errors.note?.message}>
        {(control) => <textarea {...control} {...register('note')} rows={2} className="textarea w-full" />}
      </FormField>
      {/* e.g. "Your business account is approved already." */}
      <FormMessage message={refusalOf(apply)} />
      <PendingButton type="submit" className="btn btn-primary self-start" pending={apply.isPending}>
        {account ? 'Apply again' : 'Apply'}
      </PendingButton>
    </form>
  );
}
