import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEvent } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** GET /api/adminPurchased/{id}/history (admin): the order's state changes, oldest first. */
function getOrderHistory(orderId: string): Promise<OrderEvent[]> {
  return apiRequest<OrderEvent[]>(`/adminPurchased/${encodeURIComponent(orderId)}/history`);
}

const orderHistoryQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.history(orderId), queryFn: () => getOrderHistory(orderId) });

export function useOrderHistory(orderId: string) {
  return useQuery(orderHistoryQueryOptions(orderId));
}
