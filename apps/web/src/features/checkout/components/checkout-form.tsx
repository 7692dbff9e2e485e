import { useEffect, useState, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { checkoutRequestSchema, type CheckoutRequest } from '@voltline/shared/checkout';
import { onAccountMessages } from '@voltline/shared/on-account';
import { describeRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { clearDraft, readDraft, writeDraft } from '../../../lib/session/session-drafts.ts';
import { TextField } from '../../../components/text-field.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useLastDelivery, type LastDelivery } from '../api/get-last-delivery.ts';
import { usePlaceCheckout } from '../api/place-checkout.ts';
import { usePricingQuote } from '../hooks/use-pricing-quote.ts';
import { DeliveryAddressFields, useRecheckPostcode } from './delivery-address-fields.tsx';
import { OrderAndPayButton } from './order-and-pay-button.tsx';
import { PaymentChoiceFields, type BusinessBuyer } from './payment-choice-fields.tsx';
import { PricingChoicesFields } from './pricing-choices-fields.tsx';
import { QuoteSummary } from './quote-summary.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** Who is checking out: their drafts are kept under their id, their last address read with their email. */
interface Customer {
  id: string;
  email: string;
}

const DRAFT_FORM = 'checkout';
type CheckoutValues = Required<Omit<CheckoutRequest, 'address' | 'quotedTotal'>>;
const CHECKOUT_FIELDS = ['phone', 'deliveryName', 'deliveryStreet', 'deliveryPostcode', 'deliveryCity', 'country', 'couponCode', 'vatId'] as const satisfies readonly (keyof CheckoutValues)[];

/**
 * What the form starts with (issue 43): what this customer typed in this tab before a reload, else
 * the phone and address of their last order (or their profile's phone), else empty in the shop's
 * country. Only the form's own fields, as text, are taken from a draft.
 */
function startingValues(shopCountry: string, lastDelivery: LastDelivery, draft: Record<string, unknown> | null): CheckoutValues {
  const addressAndPricing = { phone: '', deliveryName: '', deliveryStreet: '', deliveryPostcode: '', deliveryCity: '', country: shopCountry, couponCode: '', vatId: '' };
  const empty: CheckoutValues = { ...addressAndPricing, paymentMethod: 'card', purchaseOrderNumber: '' };
  if (!draft) return { ...empty, ...lastDelivery };
  const typed = Object.fromEntries(CHECKOUT_FIELDS.flatMap((field) => (typeof draft[field] === 'string' ? [[field, draft[field]]] : [])));
  return { ...empty, ...typed };
}

/** Keeps every change for a reload, until the order is placed; a component of its own, so a keystroke redraws it alone, not the form. */
function KeepDraft({ control, customer }: { control: Control<CheckoutRequest, unknown, z.output<typeof checkoutRequestSchema>>; customer: Customer }) {
  const typed = useWatch({ control });
  useEffect(() => writeDraft(customer.id, DRAFT_FORM, typed), [customer, typed]);
  return null;
}

/** Where the cart goes and how it is priced, its summary, and the order (issues 28 and 29). */
function CheckoutFields({ shopCountry, customer, lastDelivery, business }: { shopCountry: string; customer: Customer | null; lastDelivery: LastDelivery; business: BusinessBuyer | null }) {
  const navigate = useNavigate();
  // Read once, when the form is first drawn: the draft is then kept by the form itself.
  const [defaultValues] = useState(() => startingValues(shopCountry, lastDelivery, customer && readDraft(customer.id, DRAFT_FORM)));
  // The API's own schema: what the form accepts, the server accepts.
  const { register, control, handleSubmit, trigger, getFieldState, errors } = useZodForm(checkoutRequestSchema, defaultValues, { mode: 'onChange' });
  const [country, couponCode, vatId, paymentMethod] = useWatch({ control, name: ['country', 'couponCode', 'vatId', 'paymentMethod'] });

  useRecheckPostcode(country, { trigger, getFieldState });
  const pricing = usePricingQuote({ country, couponCode, vatId });
  // The order is then paid as any other, on its payment page.
  const place = usePlaceCheckout((orderId, request) => {
    // Placed: a later checkout starts from this order's address, not from what was typed for it.
    if (customer) clearDraft(customer.id, DRAFT_FORM);
    // On account it is invoiced already: My Orders has the invoice to pay by bank transfer.
    if (request.paymentMethod === 'account') {
      toast.success(onAccountMessages.placed);
      void navigate('/dashboard/myorders');
      return;
    }
    void navigate(`/payment/${encodeURIComponent(orderId)}`);
  });
  // The total the buyer sees goes with the order: a price edited meanwhile is refused in words, never charged (decision 059).
  const placeOrder = (request: z.output<typeof checkoutRequestSchema>) => place.mutate({ ...request, quotedTotal: pricing.quote.data?.total });

  return (
    <form onSubmit={handleSubmit(placeOrder)} noValidate aria-label="Checkout" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        {customer && <KeepDraft control={control} customer={customer} />}
        <TextField id="checkout-phone" label="Phone" error={errors.phone?.message} registration={register('phone')} type="tel" autoComplete="tel" required />
        <DeliveryAddressFields idPrefix="checkout" register={register} errors={errors} />
        <PricingChoicesFields idPrefix="checkout" register={register} errors={errors} pricing={pricing} />
        {business && <PaymentChoiceFields business={business} register={register} errors={errors} />}
        <QuoteSummary pricing={pricing} couponCode={couponCode} />
        <OrderAndPayButton pricing={pricing} pending={place.isPending} onAccount={paymentMethod === 'account'} />
        <FormMessage message={place.isError ? describeRequestError(place.error) : null} />
      </div>
    </form>
  );
}

/** A returning customer's last address, or nothing for a first order or when it cannot be read: the checkout never waits on it to fail. */
function WithLastDelivery({ customer, children }: { customer: Customer; children: (lastDelivery: LastDelivery) => ReactNode }) {
  const last = useLastDelivery(customer.email);
  if (last.isPending) return <LoadingSpinner label="Loading the checkout" className="py-24" />;
  return children(last.data ?? {});
}

/**
 * /checkout's form: it starts in the shop's own country (SHOP_COUNTRY), so it waits for the shop's
 * set-up, and for a signed-in `customer` with their last address and what they typed before a reload.
 */
export function CheckoutForm({ customer = null, business = null }: { customer?: Customer | null; business?: BusinessBuyer | null }) {
  const config = useClientConfig();
  return (
    <QueryState query={config} loadingLabel="Loading the checkout" spinnerClassName="py-24">
      {(shop) =>
        customer ? (
          <WithLastDelivery customer={customer}>{(lastDelivery) => <CheckoutFields shopCountry={shop.shopCountry} customer={customer} lastDelivery={lastDelivery} business={business} />}</WithLastDelivery>
        ) : (
          <CheckoutFields shopCountry={shop.shopCountry} customer={null} lastDelivery={{}} business={business} />
        )
      }
    </QueryState>
  );
}
