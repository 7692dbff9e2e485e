import type { Order } from '@voltline/shared/order';

// product.md, "States": no delivery before payment ("not eligible"); shipped reads as delivered to the buyer and
// the admin alike. The spec's "Product deliverd" is fixed (docs/spec-deviations.md).
const DELIVERY_TEXT: Record<NonNullable<Order['delivery']>, string> = { pending: 'pending', shipped: 'Product delivered' };

/** How far an order's delivery has got, in the words the shop shows. */
export function deliveryText(delivery: Order['delivery']): string {
  return delivery ? DELIVERY_TEXT[delivery] : 'not eligible';
}
