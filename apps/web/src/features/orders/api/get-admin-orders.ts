import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@voltline/shared/order';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { addressedListOptions, TABLE_PAGE_SIZE } from '../../../lib/list-address.ts';
import { listPath } from '../../../lib/paged-lists.ts';
import { orderKeys } from '../../../lib/query-keys.ts';
import { queryOf, type OrderFilter } from '../order-filters.ts';

/** What Manage All Orders shows: one filter, a search (order id, transaction id, or a part of the buyer, product or address) and a page. */
export type AdminOrdersView = { filter: OrderFilter; q?: string; cursor?: string };

/** GET /api/adminPurchased (admin): a page of one filter's orders, newest first. */
function getAdminOrders({ filter, q, cursor }: AdminOrdersView): Promise<ApiPage<Order>> {
  return apiPage<Order>(listPath('/adminPurchased', { ...queryOf(filter), q, cursor, limit: TABLE_PAGE_SIZE }));
}

export const adminOrdersQueryOptions = (view: AdminOrdersView) =>
  queryOptions({ queryKey: orderKeys.adminList(view), queryFn: () => getAdminOrders(view), ...addressedListOptions });

export function useAdminOrders(view: AdminOrdersView) {
  return useQuery(adminOrdersQueryOptions(view));
}
