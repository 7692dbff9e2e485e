import type { Order } from '@voltline/shared/order';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Orders per page: four rows of the three-column card grid. */
const MY_ORDERS_PAGE_SIZE = 12;

/** GET /api/purchased: a page of the signed-in buyer's own orders, newest first, cancelled and refunded ones included. */
function getMyOrders(cursor: string | undefined): Promise<ApiPage<Order>> {
  return apiPage<Order>(listPath('/purchased', { cursor, limit: MY_ORDERS_PAGE_SIZE }));
}

// Placing, paying and cancelling an order invalidate this key.
export const myOrdersQueryOptions = pagedListOptions(orderKeys.mine(), getMyOrders);

export function useMyOrders() {
  return useInfiniteList(myOrdersQueryOptions);
}
