import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** GET /api/purchasedSingle/{id}: one order, for its buyer or an admin. */
function getOrder(orderId: string): Promise<Order> {
  // product.md, "What the shop says": a refusal here is shown on the page; it does not sign the user out.
  return apiRequest<Order>(`/purchasedSingle/${encodeURIComponent(orderId)}`, { signOutOnAuthFailure: false });
}

const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(orderId) });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
