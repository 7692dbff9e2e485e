import type { Order } from '@voltline/shared/order';
import { PARTIALLY_SHIPPED } from '@voltline/shared/shipments';

// product.md, "States": no delivery before payment ("not eligible"); shipped reads as delivered to the buyer and
// the admin alike. The spec's "Product deliverd" is fixed (docs/spec-deviations.md).
const DELIVERY_TEXT: Record<NonNullable<Order['delivery']>, string> = { pending: 'pending', shipped: 'Product delivered' };

/**
 * How far an order's delivery has got, in the words the shop shows: a pending order some of whose
 * units left in a parcel is "partially shipped" (issue 38), the spec's delivery staying pending.
 */
export function deliveryText(delivery: Order['delivery'], shippedUnits = 0): string {
  if (delivery === 'pending' && shippedUnits > 0) return PARTIALLY_SHIPPED;
  return delivery ? DELIVERY_TEXT[delivery] : 'not eligible';
}
