import { countryName } from '@voltline/shared/country-names';
import { deliveryAddressLines, orderDeliveryAddress } from '@voltline/shared/delivery-address';
import { formatMoney } from '@voltline/shared/money';
import { toast } from '../../../lib/toast/toast.ts';
import type { Order } from '@voltline/shared/order';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OrderLines } from '../../../entities/order/components/order-lines.tsx';
import { useShipOrder } from '../api/ship-order.ts';

/**
 * The address as the parcel's label takes it, its country last (issue 36): the fields a line each,
 * or the address given as one text and the country it was priced for, if any.
 */
function labelLines(order: Order): string[] {
  const delivery = orderDeliveryAddress(order);
  if (delivery) return deliveryAddressLines(delivery);
  return order.country === null ? [order.address] : [order.address, countryName(order.country)];
}

/** Shows what is about to leave the warehouse, then ships it; a refusal (e.g. short stock) stays in view. */
export function DeliverOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const ship = useShipOrder();
  const done = () => toast.success('Order shipped successfully');
  return (
    <ConfirmDialog title="Deliver order" change={ship} variables={order._id} done={done} onClose={onClose} confirmLabel="Confirm delivery" closeLabel="Close" tone="primary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 break-words">
        <dt className="font-semibold">Order</dt>
        <dd>{order.orderNumber}</dd>
        {/* What goes into the parcel: each tool and its units (issue 43: "Quantity 46" for three tools). */}
        {order.lines.length > 1 ? (
          <>
            <dt className="font-semibold">Tools</dt>
            <dd>
              <OrderLines lines={order.lines} label={`Tools of order ${order.orderNumber}`} />
            </dd>
          </>
        ) : (
          <>
            <dt className="font-semibold">Product</dt>
            <dd>{order.product}</dd>
            <dt className="font-semibold">Quantity</dt>
            <dd>{order.quantity}</dd>
          </>
        )}
        <dt className="font-semibold">Buyer</dt>
        <dd>{`${order.buyer} (${order.buyerEamil})`}</dd>
        <dt className="font-semibold">Address</dt>
        <dd>
          <address className="not-italic">
            {labelLines(order).map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{order.phone}</dd>
        <dt className="font-semibold">Total</dt>
        <dd>{formatMoney(order.price)}</dd>
      </dl>
    </ConfirmDialog>
  );
}
