import { useFieldArray } from 'react-hook-form';
import { amountFromText } from '@voltline/shared/amount-input';
import { countriesByName } from '@voltline/shared/country-names';
import { deliveryRatesInputSchema, REST_OF_WORLD, type DeliveryRates, type DeliveryRatesInput } from '@voltline/shared/delivery-settings';
import { currencySign } from '@voltline/shared/money';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { TableWithActions } from '../../../components/table-with-actions.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useSaveDeliveryRates } from '../api/delivery-rates.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';


/** A new row starts empty: its charge is for the admin to type (the schema refuses none). */
const NEW_RATE = { country: '', charge: undefined as unknown as number, freeFrom: null };

const inputClass = (invalid: boolean) => `input input-sm w-full ${invalid ? 'input-error' : ''}`;

/** The delivery charge per country and for the rest of the world (*), saved all at once. */
export function DeliveryRatesForm({ saved }: { saved: DeliveryRates }) {
  const { register, control, handleSubmit, errors } = useZodForm(deliveryRatesInputSchema, { rates: saved.rates });
  const { fields, append, remove } = useFieldArray({ control, name: 'rates' });
  const save = useSaveDeliveryRates();
  const tableError = errors.rates?.root?.message ?? errors.rates?.message;

  const submit = (rates: DeliveryRatesInput) => save.mutate(rates, { onSuccess: () => toast.success('Delivery rates saved') });

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-labelledby="delivery-rates-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h3 id="delivery-rates-heading" className="card-title">
          Delivery rates
        </h3>
        <p className="text-sm text-base-content/70">
          A charge per order for each country (chosen by its name, its ISO code beside it) and for the rest of the world ({REST_OF_WORLD}). Free from: the
          subtotal of the goods from which delivery there costs nothing; leave it empty for never.
        </p>
        <div className="overflow-x-auto">
          <TableWithActions
            className="table table-sm"
            caption={<caption className="sr-only">Delivery rates</caption>}
            columns={['Country', `Charge (${currencySign()})`, `Free from (${currencySign()})`]}
            actionColumn="Remove"
          >
            {fields.map((field, index) => {
              const rowErrors = errors.rates?.[index];
              const messages = [rowErrors?.country?.message, rowErrors?.charge?.message, rowErrors?.freeFrom?.message].filter(Boolean);
              return (
                <tr key={field.id} data-testid="delivery-rate-row">
                  <td className="min-w-48">
                    <select
                      {...register(`rates.${index}.country`)}
                      aria-label={`Country of rate ${index + 1}`}
                      aria-invalid={Boolean(rowErrors?.country)}
                      className={`select select-sm w-full ${rowErrors?.country ? 'select-error' : ''}`}
                    >
                      <option value="">Choose a country</option>
                      <option value={REST_OF_WORLD}>{`Rest of the world (${REST_OF_WORLD})`}</option>
                      {countriesByName().map(({ code, name }) => (
                        <option key={code} value={code}>{`${name} (${code})`}</option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      {...register(`rates.${index}.charge`, { setValueAs: amountFromText })}
                      aria-label={`Charge of rate ${index + 1}`}
                      aria-invalid={Boolean(rowErrors?.charge)}
                      inputMode="decimal"
                      autoComplete="off"
                      className={inputClass(Boolean(rowErrors?.charge))}
                    />
                  </td>
                  <td>
                    <input
                      {...register(`rates.${index}.freeFrom`, { setValueAs: amountFromText })}
                      aria-label={`Free from of rate ${index + 1}`}
                      aria-invalid={Boolean(rowErrors?.freeFrom)}
                      inputMode="decimal"
                      autoComplete="off"
                      className={inputClass(Boolean(rowErrors?.freeFrom))}
                    />
                    {messages.length > 0 && (
                      <p role="alert" className="mt-1 text-xs text-error">
                        {messages.join('. ')}
                      </p>
                    )}
                  </td>
                  <td>
                    <button type="button" className="btn btn-ghost btn-xs" aria-label={`Remove rate ${index + 1}`} onClick={() => remove(index)}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </TableWithActions>
        </div>
        {tableError && (
          <p role="alert" className="text-sm text-error">
            {tableError}
          </p>
        )}
        <FormMessage message={refusalOf(save)} />
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm" onClick={() => append(NEW_RATE)}>
            Add rate
          </button>
          <PendingButton type="submit" className="btn btn-primary btn-sm" pending={save.isPending}>
            Save rates
          </PendingButton>
        </div>
      </div>
    </form>
  );
}
