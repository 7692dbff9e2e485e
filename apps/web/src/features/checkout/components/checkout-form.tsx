import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { checkoutRequestSchema, type CheckoutRequest } from '@voltline/shared/checkout';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePlaceCheckout } from '../api/place-checkout.ts';
import { usePricingQuote } from '../hooks/use-pricing-quote.ts';
import { DeliveryAddressFields, useRecheckPostcode } from './delivery-address-fields.tsx';
import { OrderAndPayButton } from './order-and-pay-button.tsx';
import { PricingChoicesFields } from './pricing-choices-fields.tsx';
import { QuoteSummary } from './quote-summary.tsx';

/** Where the cart goes and how it is priced, its summary, and the order (issues 28 and 29). */
function CheckoutFields({ shopCountry }: { shopCountry: string }) {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<CheckoutRequest, unknown, z.output<typeof checkoutRequestSchema>>({
    // The API's own schema: what the form accepts, the server accepts.
    resolver: zodResolver(checkoutRequestSchema),
    mode: 'onChange',
    defaultValues: { phone: '', deliveryName: '', deliveryStreet: '', deliveryPostcode: '', deliveryCity: '', country: shopCountry, couponCode: '', vatId: '' },
  });
  const [country, couponCode, vatId] = useWatch({ control, name: ['country', 'couponCode', 'vatId'] });
  useRecheckPostcode(country, { trigger, getFieldState });
  const pricing = usePricingQuote({ country, couponCode, vatId });
  // The order is then paid as any other, on its payment page.
  const place = usePlaceCheckout((orderId) => void navigate(`/payment/${encodeURIComponent(orderId)}`));
  const placeOrder = (request: z.output<typeof checkoutRequestSchema>) => place.mutate(request);

  return (
    <form onSubmit={handleSubmit(placeOrder)} noValidate aria-label="Checkout" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <FormField id="checkout-phone" label="Phone" error={errors.phone?.message}>
          {(field) => <input {...field} {...register('phone')} type="tel" autoComplete="tel" required className="input w-full" />}
        </FormField>
        <DeliveryAddressFields idPrefix="checkout" register={register} errors={errors} />
        <PricingChoicesFields idPrefix="checkout" register={register} errors={errors} pricing={pricing} />
        <QuoteSummary pricing={pricing} couponCode={couponCode} />
        <OrderAndPayButton pricing={pricing} pending={place.isPending} />
        <FormMessage message={place.isError ? describeRequestError(place.error) : null} />
      </div>
    </form>
  );
}

/** /checkout's form: it starts in the shop's own country (SHOP_COUNTRY), so it waits for the shop's set-up. */
export function CheckoutForm() {
  const config = useClientConfig();
  return (
    <QueryState query={config} loadingLabel="Loading the checkout" spinnerClassName="py-24">
      {(shop) => <CheckoutFields shopCountry={shop.shopCountry} />}
    </QueryState>
  );
}
