import type { Order } from '@voltline/shared/order';

/**
 * What an order holds, in a sentence that names it: "4 × Cordless drill" for one tool, "3 tools,
 * 46 units" for several (issue 43: "46 × Drill and 2 more" read as 46 drills).
 */
export function whatOrderHolds(order: Pick<Order, 'quantity' | 'product' | 'lines'>): string {
  return order.lines.length > 1 ? `${order.lines.length} tools, ${order.quantity} units` : `${order.quantity} × ${order.product}`;
}
