import { formatMoney } from '@voltline/shared/money';
import type { Order } from '@voltline/shared/order';
import { paidOrOnAccount } from '@voltline/shared/shipments';
import { deliveryText } from '../../../entities/order/delivery-text.ts';
import { orderStateText } from '../../../entities/order/order-state.ts';
import { BreakableAddress } from '../../../components/breakable-address.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { OrderLines } from '../../../entities/order/components/order-lines.tsx';

export type OrderAction = 'deliver' | 'ship' | 'parcels' | 'cancel' | 'refund' | 'history';

const COLUMNS = ['Product', 'Buyer', 'Quantity', 'Total', 'Purchase date', 'Payment', 'Delivery', 'Actions'];

interface OrdersTableProps {
  orders: Order[];
  onAction: (action: OrderAction, order: Order) => void;
  /** Whether the caller's roles allow an action (decision 063): a button they would be refused is not shown. */
  allows: (action: OrderAction) => boolean;
}

/**
 * Every order of the chosen view, named by its number; an order of several tools lists them in its
 * Product cell (issue 43), the Quantity column keeping the units in all. It fits a 1366 px laptop beside the dashboard's menu (issue 26:
 * it scrolled sideways there): dates and "Product delivered" wrap at their spaces, and the
 * documents' buttons are short; phone-layout.spec.ts measures it.
 */
export function OrdersTable({ orders, onAction, allows }: OrdersTableProps) {
  return (
    <DataTable caption="Orders" columns={COLUMNS}>
      {orders.map((order) => (
        <tr key={order._id} data-testid="order-row">
          <td className="min-w-40">
            <span className="block font-mono text-sm">{order.orderNumber}</span>
            {order.lines.length > 1 ? (
              <OrderLines lines={order.lines} label={`Tools of order ${order.orderNumber}`} className="text-sm" />
            ) : (
              <span className="block font-medium">{order.product}</span>
            )}
          </td>
          <td className="min-w-48">
            <span className="block">{order.buyer}</span>
            <BreakableAddress value={order.buyerEamil} className="block text-sm text-base-content/70" />
          </td>
          <td>{order.quantity}</td>
          <td>{formatMoney(order.price)}</td>
          <td className="min-w-28">{order.purchaseDate}</td>
          <td>
            <PaymentState order={order} />
          </td>
          {/* A full refund before shipping cancels the order but leaves its delivery pending. */}
          <td>{order.cancelled ? 'canceled' : deliveryText(order.delivery, order.shippedUnits)}</td>
          <td>
            <div className="flex flex-wrap gap-2">
              {/* product.md, "States": only pending orders can be delivered, only unpaid ones cancelled. A full refund
                  before shipping cancels the order and leaves it pending: nothing is left to deliver. */}
              {allows('deliver') && order.delivery === 'pending' && !order.cancelled && (
                <button type="button" className="btn btn-primary btn-xs" onClick={() => onAction('deliver', order)}>
                  Deliver
                </button>
              )}
              {/* A parcel of some units with a carrier and tracking (issue 38): paid orders with units left. */}
              {allows('ship') && order.delivery === 'pending' && paidOrOnAccount(order) && !order.cancelled && (
                <button type="button" className="btn btn-secondary btn-xs" onClick={() => onAction('ship', order)}>
                  Ship
                </button>
              )}
              {/* Each parcel's packing slip and Mark delivered, also once every unit has left. */}
              {allows('parcels') && order.shippedUnits > 0 && (
                <button type="button" className="btn btn-outline btn-xs" aria-label={`Parcels of order ${order.orderNumber}`} onClick={() => onAction('parcels', order)}>
                  Parcels
                </button>
              )}
              {/* An order on account is invoiced when placed: it is not cancelled with a button (decision 060). */}
              {allows('cancel') && order.status === 'unpaid' && !order.cancelled && !order.paymentDueOn && (
                <button type="button" className="btn btn-error btn-xs" onClick={() => onAction('cancel', order)}>
                  Cancel
                </button>
              )}
              {/* Paid, and not yet refunded in full (a partial refund keeps the order paid). */}
              {allows('refund') && order.status === 'paid' && !order.cancelled && (
                <button type="button" className="btn btn-warning btn-xs" onClick={() => onAction('refund', order)}>
                  Refund
                </button>
              )}
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => onAction('history', order)}>
                History
              </button>
            </div>
            <div className="mt-2">
              <OrderDocuments order={order} place="row" />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const PAYMENT_BADGES: Record<Order['status'], string> = {
  unpaid: 'badge badge-warning',
  paid: 'badge badge-success',
  refunded: 'badge badge-neutral',
};

/** Paid or unpaid as the spec has it, refunded in full, and a partial refund or a cancellation beside it. */
function PaymentState({ order }: { order: Order }) {
  const state = orderStateText(order);
  return (
    <>
      <span className={PAYMENT_BADGES[order.status]}>{order.status}</span>
      {order.transactionId && <span className="mt-1 block font-mono text-xs wrap-anywhere">{order.transactionId}</span>}
      {state && order.status !== 'refunded' && <span className="mt-1 block text-sm font-semibold whitespace-nowrap">{state}</span>}
    </>
  );
}
