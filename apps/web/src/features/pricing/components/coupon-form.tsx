import type { z } from 'zod';
import { amountFromText } from '@voltline/shared/amount-input';
import { couponInputSchema, COUPON_CODE_MAX_LENGTH, type CouponInput } from '@voltline/shared/coupons';
import { currencySign } from '@voltline/shared/money';
import { FormField } from '../../../components/form-field.tsx';
import { CardForm } from '../../../components/card-form.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { mutateThenToast } from '../../../lib/mutate-then-toast.ts';
import { useCreateCoupon } from '../api/coupons.ts';
import { optionalWholeNumberFromText, MOMENT_FIELD_BOUNDS, readMoments } from '../form-values.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';

type CouponForm = z.input<typeof couponInputSchema>;

const EMPTY: CouponForm = {
  code: '',
  percentOff: null,
  amountOff: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minSubtotal: null,
  validFrom: '',
  validUntil: '',
};

/** The optional numbers of the form: what each field is called (amounts with the shop's currency sign, known once the app starts), and how its text is read. */
const NUMBER_FIELDS = [
  { name: 'percentOff', label: 'Percent off', read: optionalWholeNumberFromText, inputMode: 'numeric' },
  { name: 'amountOff', label: 'Or amount off (¤)', read: amountFromText, inputMode: 'decimal' },
  { name: 'minSubtotal', label: 'Minimum subtotal (¤, optional)', read: amountFromText, inputMode: 'decimal' },
  { name: 'maxUses', label: 'Most uses (optional)', read: optionalWholeNumberFromText, inputMode: 'numeric' },
  { name: 'maxUsesPerCustomer', label: 'Most uses per customer (optional)', read: optionalWholeNumberFromText, inputMode: 'numeric' },
] as const;

const DATE_FIELDS = [
  { name: 'validFrom', label: 'Valid from (optional)' },
  { name: 'validUntil', label: 'Valid until (optional)' },
] as const;

/** A new coupon code: a percent or an amount off the goods, with optional limits and dates. */
export function CouponForm() {
  const { register, handleSubmit, reset, errors } = useZodForm(couponInputSchema, EMPTY, { readFirst: readMoments('validFrom', 'validUntil') });
  const create = useCreateCoupon();

  const submit = (coupon: CouponInput) =>
    mutateThenToast(create, coupon, (created) => `Coupon ${created.code} created`, () => reset(EMPTY));

  return (
    <CardForm title="Create coupon" onSubmit={handleSubmit(submit)} submitLabel="Create coupon" refusal={refusalOf(create)} pending={create.isPending}>
      <FormField id="coupon-code" label="Code" error={errors.code?.message}>
        {(control) => (
          <input
            {...control}
            {...register('code')}
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={COUPON_CODE_MAX_LENGTH}
            placeholder="SUMMER10"
            className="input w-full uppercase"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBER_FIELDS.map((field) => (
          <FormField key={field.name} id={`coupon-${field.name}`} label={field.label.replace('¤', currencySign())} error={errors[field.name]?.message}>
            {(control) => (
              <input {...control} {...register(field.name, { setValueAs: field.read })} inputMode={field.inputMode} autoComplete="off" className="input w-full" />
            )}
          </FormField>
        ))}
        {DATE_FIELDS.map((field) => (
          <FormField key={field.name} id={`coupon-${field.name}`} label={field.label} error={errors[field.name]?.message}>
            {(control) => <input {...control} {...register(field.name)} type="datetime-local" {...MOMENT_FIELD_BOUNDS} className="input w-full" />}
          </FormField>
        ))}
      </div>
      {/* e.g. "A coupon with the code SUMMER exists already" */}
    </CardForm>
  );
}
