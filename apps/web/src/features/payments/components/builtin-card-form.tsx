import { type UseFormRegisterReturn } from 'react-hook-form';
import { cardSchema, type Card } from '@voltline/shared/payment';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { confirmBuiltinPayment } from '../api/confirm-builtin-payment.ts';
import { formatCardNumber, formatExpiry } from '../card-input-format.ts';
import type { CardFormProps } from '../card-payment.ts';
import { PayButton } from './pay-button.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** Reformats what was typed before the form reads it, so the field shows the card's own layout. */
function formattedAs(field: UseFormRegisterReturn, format: (typed: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

/** The built-in test gateway's card form: the shop's own fields, checked like Stripe checks them. */
export function BuiltinCardForm({ clientSecret, canPay, onPay, onNewProblem }: CardFormProps) {
  const { register, handleSubmit, errors } = useZodForm(cardSchema, { number: '', expiry: '', cvc: '', postalCode: '' });

  const payWithCard = (card: Card) => {
    if (!clientSecret) return;
    onPay(async () => (await confirmBuiltinPayment({ clientSecret, card })).paymentIntentId);
  };

  return (
    <form onSubmit={handleSubmit(payWithCard, onNewProblem)} noValidate aria-label="Card payment" className="flex flex-col gap-4">
      <p className="alert alert-info text-sm">Test mode: use 4242 4242 4242 4242 with any future date and any CVC.</p>
      <FormField id="card-number" label="Card number" error={errors.number?.message}>
        {(control) => (
          <input
            {...control}
            {...formattedAs(register('number'), formatCardNumber)}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            className="input w-full"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="card-expiry" label="Expiry (MM / YY)" error={errors.expiry?.message}>
          {(control) => (
            <input
              {...control}
              {...formattedAs(register('expiry'), formatExpiry)}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
              className="input w-full"
            />
          )}
        </FormField>
        <TextField id="card-cvc" label="CVC" error={errors.cvc?.message} registration={register('cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
        <TextField id="card-postal-code" label="Postal code" error={errors.postalCode?.message} registration={register('postalCode')} autoComplete="postal-code" maxLength={10} />
      </div>
      <PayButton canPay={canPay} />
    </form>
  );
}
