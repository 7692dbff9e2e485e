import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/purchased: the signed-in buyer's own orders, newest first; cancelled ones are gone. */
export function getMyOrders(): Promise<Order[]> {
  return apiRequest<Order[]>('/purchased');
}

// Placing, paying and cancelling an order invalidate this key.
export const myOrdersQueryOptions = queryOptions({ queryKey: ['orders', 'mine'], queryFn: getMyOrders });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions);
}
