import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryStringOf, type OrderFilter } from '../order-filters.ts';

/** GET /api/adminPurchased (admin): the orders of one filter, newest first. */
export function getAdminOrders(filter: OrderFilter): Promise<Order[]> {
  return apiRequest<Order[]>(`/adminPurchased${queryStringOf(filter)}`);
}

/** Every filter's list at once: shipping or cancelling moves an order between them. */
export const adminOrdersKey = ['orders', 'admin'] as const;

export const adminOrdersQueryOptions = (filter: OrderFilter) =>
  queryOptions({ queryKey: [...adminOrdersKey, filter], queryFn: () => getAdminOrders(filter) });

export function useAdminOrders(filter: OrderFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}
