import { useState } from 'react';
import { toast } from '../../../lib/toast/toast.ts';
import type { Order } from '@voltline/shared/order';
import { CANCEL_CONFIRMATION_WORD } from '@voltline/shared/shop-constants';
import { refusalOf } from '../../../lib/api-client.ts';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TypedConfirmDialog } from '../../../components/typed-confirm-dialog.tsx';
import { useCancelOrder } from '../../../features/orders/api/cancel-order.ts';
import { useMyOrders } from '../../../features/orders/api/get-my-orders.ts';
import { OrderCard } from '../../../features/orders/components/order-card.tsx';
import { ReturnRequest } from '../../../features/returns/components/return-request.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

const ORDER_LIST_ID = 'my-orders-list';

/**
 * product.md, "Screens": the card layout changes with the number of orders: one card, two side by side, three and
 * more as many to a row as fit (three beside the menu on a desktop). A card keeps a card's width, at
 * most 19rem (the whole width on a phone), so a lone order is not a page-wide card under a picture
 * taller than the screen.
 */
const ORDER_GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-[repeat(auto-fill,minmax(16rem,19rem))]';

/** Dashboard, My Orders: the buyer's orders (cancelled and refunded ones too), a page at a time, paying or cancelling the unpaid ones. */
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
    <DashboardPage title="My Orders">
      <QueryState query={orders.rows} loadingLabel="Loading your orders" emptyText="You didn't order anything yet">
        {(myOrders) => (
          <>
            <div id={ORDER_LIST_ID} className={ORDER_GRID}>
              {myOrders.map((order) => (
                <OrderCard key={order._id} order={order} onCancel={() => askToCancel(order)} afterSale={<ReturnRequest order={order} />} />
              ))}
            </div>
            <LoadMoreButton more={orders.more} controls={ORDER_LIST_ID} />
          </>
        )}
      </QueryState>
      {/* product.md, "States": a customer cancels an unpaid order only after typing CANCEL. */}
      {orderToCancel && (
        <TypedConfirmDialog
          title="Cancel order"
          description={`Type ${CANCEL_CONFIRMATION_WORD} to confirm that you want to cancel your order of ${orderToCancel.product}.`}
          word={CANCEL_CONFIRMATION_WORD}
          onConfirm={cancelChosenOrder}
          onClose={() => setOrderToCancel(null)}
          closeLabel="Keep order"
          confirmLabel="Cancel order"
          pending={cancelOrder.isPending}
          failure={refusalOf(cancelOrder)}
        />
      )}
    </DashboardPage>
  );
}
