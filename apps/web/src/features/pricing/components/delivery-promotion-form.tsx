import { deliveryPromotionInputSchema, type DeliveryPromotion, type DeliveryPromotionInput } from '@voltline/shared/delivery-settings';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { FormField } from '../../../components/form-field.tsx';
import { CardForm } from '../../../components/card-form.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { refusalOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useSaveDeliveryPromotion } from '../api/delivery-promotion.ts';
import { localDateTimeText, MOMENT_FIELD_BOUNDS, readMoments } from '../form-values.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';


/** The banner's delivery promotion: how much off the delivery charge, on or off, and when it ends by itself. */
export function DeliveryPromotionForm({ saved }: { saved: DeliveryPromotion }) {
  const defaults = { percentOff: saved.percentOff, active: saved.active, until: localDateTimeText(saved.until) };
  const { register, handleSubmit, errors } = useZodForm(deliveryPromotionInputSchema, defaults, { readFirst: readMoments('until') });
  const save = useSaveDeliveryPromotion();

  const submit = (promotion: DeliveryPromotionInput) => save.mutate(promotion, { onSuccess: () => toast.success('Delivery promotion saved') });

  return (
    <CardForm title="Delivery promotion" onSubmit={handleSubmit(submit)} submitLabel="Save promotion" refusal={refusalOf(save)} pending={save.isPending}>
      <p className="text-sm text-base-content/70">The home page's banner promises it while it is on; at most one applies to an order.</p>
      <WholeNumberField
        id="promotion-percent"
        label="Percent off the delivery charge"
        error={errors.percentOff?.message}
        registration={register('percentOff', { setValueAs: wholeNumberFromText })}
      />
      <label className="flex cursor-pointer items-center gap-2">
        <input {...register('active')} type="checkbox" className="toggle toggle-primary" />
        <span>On</span>
      </label>
      <FormField id="promotion-until" label="Ends by itself at (optional)" error={errors.until?.message}>
        {(control) => <input {...control} {...register('until')} type="datetime-local" {...MOMENT_FIELD_BOUNDS} className="input w-full" />}
      </FormField>
    </CardForm>
  );
}
