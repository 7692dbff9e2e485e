import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatMoney } from '@voltline/shared/money';
import { orderTotal, purchaseFormSchema } from '@voltline/shared/order';
import type { Tool } from '@voltline/shared/tool';
import { describeRequestError } from '../../../lib/api-client.ts';
import { isOutOfStock, orderableQuantityOf } from '@voltline/shared/stock';
import { FormField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { usePlaceOrder, type PurchaseForm as PurchaseFields } from '../api/place-order.ts';

export function PurchaseForm({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  // The limits are the tool's own, so the schema is built per tool. The most one can order is what
  // is not yet promised to paid orders (the payment would refuse more: "Only N left"), and what one
  // card payment takes at the tool's price (the server refuses more when the order is placed).
  const schema = useMemo(
    () => purchaseFormSchema({ minimumOrderQuantity: tool.minimumOrderQuantity, availableQuantity: orderableQuantityOf(tool), price: tool.price }),
    [tool],
  );
  const outOfStock = isOutOfStock(tool);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PurchaseFields>({
    resolver: zodResolver(schema),
    // product.md, "Rules for what people type": the quantity message shows while typing, not only on submit.
    mode: 'onChange',
    defaultValues: { quantity: tool.minimumOrderQuantity, phone: '', address: '' },
  });
  const quantity = useWatch({ control, name: 'quantity' });
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
        <FormField id="purchase-quantity" label="Quantity" error={errors.quantity?.message}>
          {(control) => (
            <input
              {...control}
              {...register('quantity', { valueAsNumber: true })}
              type="number"
              min={0}
              className="input w-full"
            />
          )}
        </FormField>
        <FormField id="purchase-phone" label="Phone" error={errors.phone?.message}>
          {(control) => (
            // A phone number is text: "+44 20 7946 0958" has a plus and spaces a number field refuses.
            <input {...control} {...register('phone')} type="tel" autoComplete="tel" required className="input w-full" />
          )}
        </FormField>
        <FormField id="purchase-address" label="Address" error={errors.address?.message}>
          {(control) => (
            <textarea
              {...control}
              {...register('address')}
              autoComplete="street-address"
              required
              rows={3}
              className="textarea w-full"
            />
          )}
        </FormField>
        <OrderTotal unitPrice={tool.price} quantity={quantity} />
        {/* product.md, "Rules for what people type": no purchase while the quantity is outside the tool's limits. */}
        <PendingButton
          type="submit"
          className="btn btn-primary"
          pending={placeOrder.isPending}
          disabled={outOfStock || Boolean(errors.quantity)}
        >
          Purchase
        </PendingButton>
        {outOfStock && <p className="font-semibold text-error">Out of stock: this tool cannot be ordered now.</p>}
        <FormMessage message={placeOrder.isError ? describeRequestError(placeOrder.error) : null} />
      </div>
    </form>
  );
}

/**
 * What the order will cost, as the quantity changes, before Purchase commits to it (issue 26: the
 * total first showed on the payment page). An empty or broken quantity has no total yet.
 */
function OrderTotal({ unitPrice, quantity }: { unitPrice: number; quantity: number }) {
  const counted = Number.isSafeInteger(quantity) && quantity > 0;
  return (
    <p aria-live="polite" data-testid="purchase-total">
      <span className="font-semibold">Total: </span>
      {counted ? `${formatMoney(unitPrice)} x ${quantity} = ${formatMoney(orderTotal(unitPrice, quantity))}` : `${formatMoney(unitPrice)} a unit`}
    </p>
  );
}
