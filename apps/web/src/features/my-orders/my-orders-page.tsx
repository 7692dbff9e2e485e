import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Order } from '@voltline/shared/order';
import { describeRequestError } from '../../lib/api-client.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useCancelOrder } from './api/cancel-order.ts';
import { useMyOrders } from './api/get-my-orders.ts';
import { CancelOrderDialog } from './components/cancel-order-dialog.tsx';
import { OrderCard } from './components/order-card.tsx';

// Spec 2: the card layout changes at 2 and 3 orders (on wide screens; phones always get one column).
function gridColumnsFor(orderCount: number): string {
  if (orderCount >= 3) return 'md:grid-cols-2 lg:grid-cols-3';
  if (orderCount === 2) return 'md:grid-cols-2';
  return '';
}

/** Dashboard, My Orders: the buyer's orders, paying or cancelling the unpaid ones. */
export function MyOrdersPage() {
  const orders = useMyOrders();
  const cancelOrder = useCancelOrder();
  const [orderToCancel, setOrderToCancel] = useState<Order | null>(null);

  const askToCancel = (order: Order) => {
    cancelOrder.reset();
    setOrderToCancel(order);
  };
  const cancelChosenOrder = () => {
    if (!orderToCancel) return;
    cancelOrder.mutate(orderToCancel._id, {
      onSuccess: () => {
        toast.success('Order canceled successfully');
        setOrderToCancel(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-2xl font-bold">My Orders</h2>
      {orders.data ? (
        orders.data.length === 0 ? (
          <p className="text-base-content/70">You didn't order anything yet</p>
        ) : (
          <div className={`grid grid-cols-1 gap-6 ${gridColumnsFor(orders.data.length)}`}>
            {orders.data.map((order) => (
              <OrderCard key={order._id} order={order} onCancel={() => askToCancel(order)} />
            ))}
          </div>
        )
      ) : orders.isError ? (
        <p role="alert" className="alert alert-error">
          {describeRequestError(orders.error)}
        </p>
      ) : (
        <LoadingSpinner label="Loading your orders" />
      )}
      {orderToCancel && (
        <CancelOrderDialog
          order={orderToCancel}
          onConfirm={cancelChosenOrder}
          onClose={() => setOrderToCancel(null)}
          pending={cancelOrder.isPending}
          failure={cancelOrder.isError ? describeRequestError(cancelOrder.error) : null}
        />
      )}
    </section>
  );
}
