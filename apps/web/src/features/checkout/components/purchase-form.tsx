import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { purchaseFormSchema } from '@voltline/shared/order';
import type { Tool } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { isOutOfStock, orderableQuantityOf } from '@voltline/shared/stock';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePlaceOrder, type PurchaseForm as PurchaseFields } from '../api/place-order.ts';
import { usePricingQuote } from '../hooks/use-pricing-quote.ts';
import { DeliveryAddressFields, useRecheckPostcode } from './delivery-address-fields.tsx';
import { OrderAndPayButton } from './order-and-pay-button.tsx';
import { PricingChoicesFields } from './pricing-choices-fields.tsx';
import { QuoteSummary } from './quote-summary.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/**
 * The spec's purchase page as a one-line checkout (issue 29): the quantity, where it goes and how it
 * is priced, and the same summary as /checkout before Order and pay places the order.
 */
function PurchaseOrderFields({ tool, shopCountry }: { tool: Tool; shopCountry: string }) {
  const navigate = useNavigate();
  // The limits are the tool's own, so the schema is built per tool. The most one can order is what
  // is not yet promised to paid orders (the payment would refuse more: "Only N left"), and what one
  // card payment takes at the tool's price (the server refuses more when the order is placed).
  const schema = useMemo(
    () => purchaseFormSchema({ minimumOrderQuantity: tool.minimumOrderQuantity, availableQuantity: orderableQuantityOf(tool), price: tool.price }),
    [tool],
  );
  const outOfStock = isOutOfStock(tool);
  const { control, register, handleSubmit, trigger, getFieldState, errors } = useZodForm(
    schema,
    {
      quantity: tool.minimumOrderQuantity,
      phone: '',
      deliveryName: '',
      deliveryStreet: '',
      deliveryPostcode: '',
      deliveryCity: '',
      country: shopCountry,
      couponCode: '',
      vatId: '',
    },
    // product.md, "Rules for what people type": the quantity message shows while typing, not only on submit.
    { mode: 'onChange' },
  );
  const [quantity, country, couponCode, vatId] = useWatch({ control, name: ['quantity', 'country', 'couponCode', 'vatId'] });
  useRecheckPostcode(country, { trigger, getFieldState });
  // A quantity the form refuses is not quoted: its message says what is wrong.
  const quotable = schema.shape.quantity.safeParse(quantity).success;
  const pricing = usePricingQuote({ country, couponCode, vatId }, quotable ? [{ toolId: tool._id, quantity }] : null);
  const placeOrder = usePlaceOrder();

  const purchase = (form: PurchaseFields) =>
    placeOrder.mutate(
      { toolId: tool._id, ...form },
      { onSuccess: ({ insertedId }) => void navigate(`/payment/${encodeURIComponent(insertedId)}`) },
    );

  return (
    <form onSubmit={handleSubmit(purchase)} noValidate aria-label="Order" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 className="card-title">Your order</h2>
        <TextField id="purchase-quantity" label="Quantity" error={errors.quantity?.message} registration={register('quantity', { valueAsNumber: true })} type="number" min={0} />
        <FormField id="purchase-phone" label="Phone" error={errors.phone?.message}>
          {(control) => (
            // A phone number is text: "+44 20 7946 0958" has a plus and spaces a number field refuses.
            <input {...control} {...register('phone')} type="tel" autoComplete="tel" required className="input w-full" />
          )}
        </FormField>
        <DeliveryAddressFields idPrefix="purchase" register={register} errors={errors} />
        <PricingChoicesFields idPrefix="purchase" register={register} errors={errors} pricing={pricing} />
        <QuoteSummary pricing={pricing} couponCode={couponCode} />
        {/* product.md, "Rules for what people type": no purchase while the quantity is outside the tool's limits. */}
        <OrderAndPayButton pricing={pricing} pending={placeOrder.isPending} disabled={outOfStock || Boolean(errors.quantity)} />
        {outOfStock && <p className="font-semibold text-error">Out of stock: this tool cannot be ordered now.</p>}
        <FormMessage message={placeOrder.isError ? describeRequestError(placeOrder.error) : null} />
      </div>
    </form>
  );
}

/** The purchase form starts in the shop's own country (SHOP_COUNTRY), so it waits for the shop's set-up. */
export function PurchaseForm({ tool }: { tool: Tool }) {
  const config = useClientConfig();
  return (
    <QueryState query={config} loadingLabel="Loading the order form" spinnerClassName="py-12">
      {(shop) => <PurchaseOrderFields tool={tool} shopCountry={shop.shopCountry} />}
    </QueryState>
  );
}
