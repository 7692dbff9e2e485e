import type { Order } from '@voltline/shared/order';
import { formatMoney } from '@voltline/shared/money';

/**
 * What became of an order that did not simply go its way (issue 14): refunded in full, partly
 * refunded, or cancelled. Null for a live order with nothing given back, which keeps the spec's
 * texts (unpaid, payment done!!!). A full refund before shipping also cancels the order; it reads
 * as refunded, which is what matters to the buyer.
 */
export function orderStateText(order: Pick<Order, 'status' | 'refundedAmount' | 'cancelled'>): string | null {
  if (order.status === 'refunded') return 'Refunded';
  if (order.refundedAmount > 0) return `Partly refunded: ${formatMoney(order.refundedAmount)}`;
  if (order.cancelled) return 'Cancelled';
  return null;
}
