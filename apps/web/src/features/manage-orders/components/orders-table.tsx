import type { Order } from '@voltline/shared/order';
import { deliveryText } from '../../../lib/delivery-text.ts';
import { DataTable } from '../../../components/data-table.tsx';

export type OrderAction = 'deliver' | 'cancel' | 'history';

const COLUMNS = ['Product', 'Buyer', 'Quantity', 'Price', 'Purchase date', 'Payment', 'Delivery', 'Actions'];

interface OrdersTableProps {
  orders: Order[];
  onAction: (action: OrderAction, order: Order) => void;
}

/** Every order of the chosen view. */
export function OrdersTable({ orders, onAction }: OrdersTableProps) {
  return (
    <DataTable caption="Orders" columns={COLUMNS}>
      {orders.map((order) => (
        <tr key={order._id} data-testid="order-row">
          <td className="min-w-40 font-medium">{order.product}</td>
          <td className="min-w-48">
            <span className="block">{order.buyer}</span>
            <span className="block text-sm break-all text-base-content/70">{order.buyerEamil}</span>
          </td>
          <td>{order.quantity}</td>
          <td>{`$${order.price}`}</td>
          <td className="min-w-36">{order.purchaseDate}</td>
          <td>
            {order.status === 'paid' ? (
              <>
                <span className="badge badge-success">paid</span>
                {order.transactionId && <span className="mt-1 block text-xs break-all">{order.transactionId}</span>}
              </>
            ) : (
              <span className="badge badge-warning">unpaid</span>
            )}
          </td>
          <td className="whitespace-nowrap">{deliveryText(order.delivery)}</td>
          <td>
            <div className="flex flex-wrap gap-2">
              {/* Spec 4: only pending orders can be delivered, only unpaid ones cancelled. */}
              {order.delivery === 'pending' && (
                <button type="button" className="btn btn-primary btn-xs" onClick={() => onAction('deliver', order)}>
                  Deliver
                </button>
              )}
              {order.status === 'unpaid' && (
                <button type="button" className="btn btn-error btn-xs" onClick={() => onAction('cancel', order)}>
                  Cancel
                </button>
              )}
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => onAction('history', order)}>
                History
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
