import { useEffect } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormGetFieldState, UseFormRegister, UseFormTrigger } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';

/** The address's fields as the checkout's and the purchase page's forms hold them (issue 36); its country is the form's `country`. */
interface DeliveryAddressInput {
  deliveryName?: string | undefined;
  deliveryStreet?: string | undefined;
  deliveryPostcode?: string | undefined;
  deliveryCity?: string | undefined;
  country: string;
}
type DeliveryField = Exclude<keyof DeliveryAddressInput, 'country'>;

const FIELDS: readonly { field: DeliveryField; id: string; label: string; autoComplete: string }[] = [
  { field: 'deliveryName', id: 'name', label: 'Name or company', autoComplete: 'name' },
  { field: 'deliveryStreet', id: 'street', label: 'Street and number', autoComplete: 'address-line1' },
  { field: 'deliveryPostcode', id: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
  { field: 'deliveryCity', id: 'city', label: 'City', autoComplete: 'address-level2' },
];

interface DeliveryAddressFieldsProps<Form extends FieldValues & DeliveryAddressInput> {
  /** Keeps the ids of two forms on one page apart. */
  idPrefix: string;
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
}

/** Where the order goes, as a label prints it: the country follows among the pricing choices (PricingChoicesFields). */
export function DeliveryAddressFields<Form extends FieldValues & DeliveryAddressInput>({ idPrefix, register, errors }: DeliveryAddressFieldsProps<Form>) {
  const ownErrors = errors as FieldErrors<DeliveryAddressInput>;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-semibold">Delivery address</legend>
      {FIELDS.map(({ field, id, label, autoComplete }) => (
        <FormField key={field} id={`${idPrefix}-${id}`} label={label} error={ownErrors[field]?.message}>
          {(control) => <input {...control} {...register(field as Path<Form>)} autoComplete={autoComplete} required className="input w-full" />}
        </FormField>
      ))}
    </fieldset>
  );
}

/**
 * A postcode is checked against the country: when the buyer changes the country after typing one,
 * it is checked again, so a Berlin postcode shows its refusal as soon as Switzerland is chosen.
 */
export function useRecheckPostcode<Form extends FieldValues & DeliveryAddressInput>(
  country: string,
  { trigger, getFieldState }: { trigger: UseFormTrigger<Form>; getFieldState: UseFormGetFieldState<Form> },
) {
  useEffect(() => {
    const postcode = 'deliveryPostcode' as Path<Form>;
    if (getFieldState(postcode).isDirty) void trigger(postcode);
  }, [country, trigger, getFieldState]);
}
