import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@voltline/shared/order';
import { deliveryText } from '../../../lib/delivery-text.ts';
import { PictureCard } from '../../../components/picture-card.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="break-words">
      <span className="font-medium">{`${label}: `}</span>
      {children}
    </p>
  );
}

export function OrderCard({ order, onCancel }: { order: Order; onCancel: () => void }) {
  return (
    <PictureCard title={order.product} picture={order.img} pictureAlt={order.product} testId="order-card">
      <Fact label="Quantity">{order.quantity}</Fact>
      <Fact label="Total price">{`$${order.price}`}</Fact>
      <Fact label="Purchase date">{order.purchaseDate}</Fact>
      <Fact label="Address">{order.address}</Fact>
      {/* Spec 4: the card treats any status other than unpaid as paid. */}
      {order.status === 'unpaid' ? (
        <div className="card-actions mt-auto justify-end pt-2">
          <Link to={`/payment/${encodeURIComponent(order._id)}`} className="btn btn-primary btn-sm">
            Pay Order
          </Link>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onCancel}>
            Cancel Order
          </button>
        </div>
      ) : (
        <div className="mt-auto flex flex-col gap-1 border-t border-base-200 pt-2">
          <p className="font-semibold text-success">payment done!!!</p>
          <p className="break-all">{`Transaction id: ${order.transactionId ?? ''}`}</p>
          <p>{`Delivery: ${deliveryText(order.delivery)}`}</p>
        </div>
      )}
    </PictureCard>
  );
}
