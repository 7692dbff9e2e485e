import type { Order, OrderEvent } from '@voltline/shared/order';
import { formatMoney } from '@voltline/shared/money';

/**
 * Cancelled (by its buyer, an admin or the shop), or refunded in full: nothing is left to pay,
 * cancel or wait for. Such orders stay on record and in the lists, so the buyer sees what became of them.
 */
export const orderIsOver = (order: Pick<Order, 'status' | 'cancelled'>): boolean => order.cancelled || order.status === 'refunded';

/**
 * What became of an order that did not simply go its way (issue 14): refunded in full, partly
 * refunded, or canceled. Null for a live order with nothing given back, which keeps the spec's
 * texts (unpaid, payment done!!!). A full refund before shipping also cancels the order; it reads
 * as refunded, which is what matters to the buyer.
 */
export function orderStateText(order: Pick<Order, 'status' | 'refundedAmount' | 'cancelled'>): string | null {
  if (order.status === 'refunded') return 'Refunded';
  if (order.refundedAmount > 0) return `Partly refunded: ${formatMoney(order.refundedAmount)}`;
  if (order.cancelled) return 'Canceled';
  return null;
}

/**
 * An order event's name as people read it. The stored type keeps its spelling (`cancelled`, also a
 * webhook event name); the words say "canceled", as the spec's toasts do (issue 26, item 13).
 */
export function orderEventText(type: OrderEvent['type']): string {
  return type === 'cancelled' ? 'canceled' : type;
}
