import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutRequest } from '@voltline/shared/checkout';
import { formatMoney } from '@voltline/shared/money';
import { FormField } from '../../../components/form-field.tsx';

/** What the checkout knows of an approved business buyer: its payment terms, when the shop allowed it some. */
export interface BusinessBuyer {
  payOnAccount: { netDays: number; available: number } | null;
}

/**
 * A business buyer's choices (issue 39, decision 060): "Pay on account" beside the card when the shop
 * allowed it terms, and its purchase order number, printed on the invoice.
 */
export function PaymentChoiceFields({ business, register, errors }: { business: BusinessBuyer; register: UseFormRegister<CheckoutRequest>; errors: FieldErrors<CheckoutRequest> }) {
  const terms = business.payOnAccount;
  return (
    <>
      {terms && (
        <fieldset className="fieldset">
          <legend className="fieldset-legend">How to pay</legend>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" value="card" {...register('paymentMethod')} className="radio radio-sm" />
            Pay by card
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" value="account" {...register('paymentMethod')} className="radio radio-sm" />
            {`Pay on account: invoice due in ${terms.netDays} days (${formatMoney(terms.available)} of your credit left)`}
          </label>
          {errors.paymentMethod?.message && <p className="text-error text-sm">{errors.paymentMethod.message}</p>}
        </fieldset>
      )}
      <FormField id="checkout-purchase-order" label="Purchase order number (optional)" error={errors.purchaseOrderNumber?.message}>
        {(control) => <input {...control} {...register('purchaseOrderNumber')} autoComplete="off" className="input w-full" />}
      </FormField>
    </>
  );
}
