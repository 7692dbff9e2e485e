import type { Order } from '@voltline/shared/order';
import { pagedListOf, useInfiniteList } from '../../../lib/paged-lists.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Orders per page: four rows of the three-column card grid. */
const MY_ORDERS_PAGE_SIZE = 12;

/**
 * GET /api/purchased: a page of the signed-in buyer's own orders, newest first, cancelled and
 * refunded ones included. Placing, paying and cancelling an order invalidate this key.
 */
export const myOrdersQueryOptions = pagedListOf<Order>(orderKeys.mine(), '/purchased', MY_ORDERS_PAGE_SIZE);

export const useMyOrders = () => useInfiniteList(myOrdersQueryOptions);
