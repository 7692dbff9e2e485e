import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@voltline/shared/order';

// Spec 4: no delivery before payment; shipped reads as delivered to the buyer.
const DELIVERY_TEXT: Record<NonNullable<Order['delivery']>, string> = { pending: 'pending', shipped: 'Product delivered' };
const deliveryText = (delivery: Order['delivery']) => (delivery ? DELIVERY_TEXT[delivery] : 'not eligible');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="break-words">
      <span className="font-medium">{`${label}: `}</span>
      {children}
    </p>
  );
}

export function OrderCard({ order, onCancel }: { order: Order; onCancel: () => void }) {
  const headingId = useId();
  return (
    <article data-testid="order-card" aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <img
          src={order.img}
          alt={order.product}
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2">
        <h3 id={headingId} className="card-title break-words">
          {order.product}
        </h3>
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
      </div>
    </article>
  );
}
