import { formatMoney } from '@voltline/shared/money';
import { AWAITING_PAYMENT } from '@voltline/shared/on-account';
import { formatLongDate } from '@voltline/shared/shop-constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@voltline/shared/order';
import { deliveryText } from '../../../entities/order/delivery-text.ts';
import { orderIsOver, orderStateText } from '../../../entities/order/order-state.ts';
import { OrderDocuments } from './order-documents.tsx';
import { ShipmentList } from './shipment-list.tsx';
import { PictureCard } from '../../../components/picture-card.tsx';
import { OrderLines } from '../../../entities/order/components/order-lines.tsx';

/** One line of the card, "Label: value"; every line of every card has the same spacing. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="wrap-break-word">
      <span className="font-medium">{`${label}: `}</span>
      {children}
    </p>
  );
}

/**
 * A transaction id is one token a buyer may copy or read out: it gets a line of its own in a fixed-width
 * font, where it fits whole, instead of being cut at whatever letter meets the card's edge.
 */
function TransactionId({ id }: { id: string }) {
  return (
    <Fact label="Transaction id">
      <span className="block font-mono text-xs wrap-break-word">{id}</span>
    </Fact>
  );
}

/**
 * One order of My Orders, named by its number. An order of several tools lists them, each with its
 * units, unit price and line total (issue 43: "DD-18 ... and 2 more", "Quantity 46"); a one-tool
 * order reads as the spec's card, its tool the heading.
 */
export function OrderCard({ order, onCancel, afterSale }: { order: Order; onCancel: () => void; afterSale?: ReactNode }) {
  const severalTools = order.lines.length > 1;
  return (
    <PictureCard title={severalTools ? `${order.lines.length} tools` : order.product} picture={order.img} pictureAlt={order.product} testId="order-card">
      {/* Facts and progress in one column from the top, so cards side by side line up line for line;
          only the buttons of an unpaid order sit at the card's foot. */}
      <div className="flex flex-col gap-1">
        <Fact label="Order">{order.orderNumber}</Fact>
        {severalTools ? <OrderLines lines={order.lines} label={`Tools of order ${order.orderNumber}`} /> : <Fact label="Quantity">{order.quantity}</Fact>}
        <Fact label="Total">{formatMoney(order.price)}</Fact>
        <Fact label="Purchase date">{order.purchaseDate}</Fact>
        <Fact label="Address">{order.address}</Fact>
      </div>
      <OrderProgress order={order} onCancel={onCancel} afterSale={afterSale} />
    </PictureCard>
  );
}

/** The bottom of the card: what the buyer can do with the order, or how far it has got. */
/** `afterSale`: what the route adds under a shipped order's parcels (the return button, features/returns). */
function OrderProgress({ order, onCancel, afterSale }: { order: Order; onCancel: () => void; afterSale?: ReactNode }) {
  const state = orderStateText(order);
  // Cancelled and refunded orders stay in the list so the buyer sees what became of them; there is
  // nothing left to pay, cancel or wait for.
  if (orderIsOver(order)) {
    return (
      <div className="flex flex-col gap-1 border-t border-base-200 pt-2">
        <p className="font-semibold text-error">{state}</p>
        {order.transactionId && <TransactionId id={order.transactionId} />}
        {order.delivery === 'shipped' && <Fact label="Delivery">{deliveryText(order.delivery, order.shippedUnits)}</Fact>}
        {order.shippedUnits > 0 && <ShipmentList orderId={order._id} />}
        {order.shippedUnits > 0 && afterSale}
        <OrderDocuments order={order} />
      </div>
    );
  }
  // On account (decision 060): invoiced when placed, paid by bank transfer by its due date.
  if (order.status === 'unpaid' && order.paymentDueOn) {
    return (
      <div className="flex flex-col gap-1 border-t border-base-200 pt-2">
        <p className="font-semibold">{`${AWAITING_PAYMENT}: due ${formatLongDate(new Date(`${order.paymentDueOn}T00:00:00Z`), 'UTC')}`}</p>
        {order.bankPaidAmount > 0 && <Fact label="Received so far">{formatMoney(order.bankPaidAmount)}</Fact>}
        {order.purchaseOrderNumber && <Fact label="Your purchase order">{order.purchaseOrderNumber}</Fact>}
        <OrderDocuments order={order} />
      </div>
    );
  }
  // product.md, "States": the card treats any status other than unpaid as paid.
  if (order.status === 'unpaid') {
    return (
      <div className="card-actions mt-auto justify-end pt-2">
        <Link to={`/payment/${encodeURIComponent(order._id)}`} className="btn btn-primary btn-sm">
          Pay Order
        </Link>
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onCancel}>
          Cancel Order
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1 border-t border-base-200 pt-2">
      <p className="font-semibold text-success">payment done!!!</p>
      <TransactionId id={order.transactionId ?? ''} />
      <Fact label="Delivery">{deliveryText(order.delivery, order.shippedUnits)}</Fact>
      {order.shippedUnits > 0 && <ShipmentList orderId={order._id} />}
      {order.shippedUnits > 0 && afterSale}
      {/* A partial refund keeps the order paid and on its way. */}
      {state && <p className="font-semibold">{state}</p>}
      <OrderDocuments order={order} />
    </div>
  );
}
