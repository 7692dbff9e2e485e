import { countriesByName } from '@voltline/shared/country-names';
import { taxSettingsInputSchema, type TaxSettings, type TaxSettingsInput } from '@voltline/shared/tax-settings';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CardForm } from '../../../components/card-form.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useSaveTaxSettings } from '../api/tax-settings.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/**
 * How the shop charges VAT (issue 43, item 7): its country, its standard rate, whether the prices
 * entered include VAT, and what documents of an order without VAT say. Quotes and orders placed
 * from then on follow them; an order placed keeps its figures.
 */
export function TaxSettingsForm({ saved }: { saved: TaxSettings }) {
  const { register, handleSubmit, errors } = useZodForm(taxSettingsInputSchema, { country: saved.country, standardRate: String(saved.standardRate), pricesIncludeVat: saved.pricesIncludeVat, vatNote: saved.vatNote });
  const save = useSaveTaxSettings();

  const submit = (settings: TaxSettingsInput) => save.mutate(settings, { onSuccess: () => toast.success('Tax settings saved') });

  return (
    <CardForm title="VAT" onSubmit={handleSubmit(submit)} submitLabel="Save tax settings" refusal={refusalOf(save)} pending={save.isPending}>
      <p className="text-sm text-base-content/70">
        Quotes and orders placed from now on follow these settings; an order already placed keeps its figures. A tool without a VAT rate of its own is charged the
        standard rate; with a standard rate of 0 the shop charges no VAT at all, whatever a tool's own rate.
      </p>
      <FormField id="tax-country" label="Country the shop is in" error={errors.country?.message}>
        {(control) => (
          <select {...control} {...register('country')} className="select w-full">
            {countriesByName().map(({ code, name }) => (
              <option key={code} value={code}>{`${name} (${code})`}</option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="tax-standard-rate" label="Standard VAT rate (%)" error={errors.standardRate?.message}>
        {(control) => <input {...control} {...register('standardRate')} inputMode="decimal" autoComplete="off" className="input w-32" />}
      </FormField>
      <label className="flex cursor-pointer items-center gap-2">
        <input {...register('pricesIncludeVat')} type="checkbox" className="toggle toggle-primary" />
        <span>Prices as entered include VAT</span>
      </label>
      <TextField id="tax-vat-note" label="What invoices say when no VAT is charged" error={errors.vatNote?.message} registration={register('vatNote')} autoComplete="off" />
    </CardForm>
  );
}
